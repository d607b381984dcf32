// One server per embedded database. PGlite runs PostgreSQL inside the process: two servers on
// the same DATA_DIR would each write the same files with nothing between them, and damage the
// database. The first takes `<dir>.lock` (its process id, created exclusively); another one
// started meanwhile is refused, naming the holder. A lock left by a process that no longer runs
// (killed, machine restarted) is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock of `dir`; answers its release. Throws when another running server holds it. */
export function lockDirectory(dir: string): () => void {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (holder !== process.pid && Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(
          `${dir} is used by another server (process ${holder}): keep one running server per DATA_DIR, or give this one its own DATA_DIR.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`${path} could not be taken.`);
}

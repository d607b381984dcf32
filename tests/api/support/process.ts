// Runs the server's entry points (main.ts, db/reset.ts) as child processes, the way
// `npm start` and `npm run db:reset` do, and watches what they print.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Child {
  process: ChildProcess;
  /** Everything printed so far on stdout and stderr. */
  output(): string;
  /** Resolves once the output matches; rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export function run(script: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    // Only what the test names: a developer's own PORT or DATABASE_URL must not leak in.
    // DEMO_DATA: the tests rely on the demo seed, on PostgreSQL too (off there unless asked for).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let done = false;
  // 'close' comes after the last output, unlike 'exit'.
  const exited = new Promise<number | string>((resolve) => {
    child.once('close', (code, signal) => {
      done = true;
      for (const listener of listeners) listener();
      resolve(code ?? signal ?? -1);
    });
  });

  return {
    process: child,
    output: () => output,
    exited,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) {
            listeners.delete(check);
            resolve();
          } else if (done) {
            listeners.delete(check);
            reject(new Error(`Exited before printing ${pattern}:\n${output}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
  };
}

export const MAIN = 'server/src/main.ts';
export const RESET = 'server/src/db/reset.ts';

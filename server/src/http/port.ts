// Tells whether a port is free before anything else starts. Checked before the database opens:
// a second `npm start` beside a running one must stop at once, without opening (and perhaps
// seeding) the same embedded database directory as the first.
import { createServer } from 'node:net';

export function portInUseMessage(port: number): string {
  return `Port ${port} is already in use. Set PORT to a free port.`;
}

/** HOST names no address of this machine (ENOTFOUND, EADDRNOTAVAIL). */
export function hostUnusableMessage(host: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code ?? String(error);
  return `HOST=${JSON.stringify(host)}: the server cannot listen there (${code}). Set HOST to an address of this machine, such as 0.0.0.0 or 127.0.0.1.`;
}

export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

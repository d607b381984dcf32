// What the figures were measured on, and who spent the CPU while they were measured.
// The machine is shared: CPU time is read from /proc per process, so a requests-per-core figure
// counts only the server and the PostgreSQL backends serving the benchmark's database.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import type pg from 'pg';

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  loadAverage: string;
}

export async function describeMachine(client: pg.Pool): Promise<Machine> {
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: rows[0].server_version,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of one process, in seconds (0 when it is gone). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL backends connected to `database`: their title reads "postgres: user db host ..."
 * ("postgres: 15/main: user db host ..." on Debian, which names the cluster).
 */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const match = /^postgres: (?:[^\s:]+: )?\S+ (\S+) /.exec(title);
      if (match?.[1] === database) {
        pids.push(Number(entry));
      }
    } catch {
      // Ended while listed.
    }
  }
  return pids;
}

export interface CpuSample {
  server: number;
  postgres: Map<number, number>;
}

/** A snapshot of the CPU spent so far by the server process and the database's backends. */
export function sampleCpu(serverPid: number | undefined, database: string): CpuSample {
  const postgres = new Map<number, number>();
  for (const pid of backendsOf(database)) postgres.set(pid, cpuSecondsOf(pid));
  return { server: serverPid ? cpuSecondsOf(serverPid) : 0, postgres };
}

/** CPU seconds spent between two samples: { server, postgres }. */
export function cpuSpent(
  before: CpuSample,
  after: CpuSample,
): { server: number; postgres: number } {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres)
    postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { server: after.server - before.server, postgres };
}

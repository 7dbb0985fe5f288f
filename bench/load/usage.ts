import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ) on every platform Node runs on. */
const TICK_MS = 10;
const EVERY_MS = 500;

export interface Usage {
  /** CPU seconds spent by each group over the measured time. */
  cpuSeconds: Record<string, number>;
  /** Peak and final resident memory of each group (Chromium: proportional set size), in bytes. */
  rss: Record<string, { peak: number; last: number }>;
  /** Both cores' busy share of the measured time, 0–1. */
  machineBusy: number;
  seconds: number;
}

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  ticks: number;
  rss: number;
}

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the fields after its last ')' are fixed.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), {
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm,
        ticks: Number(fields[11]) + Number(fields[12]),
        rss: Number(fields[21]) * 4096,
      });
    } catch {
      // It ended while we looked.
    }
  }
  return procs;
}

function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3]! + numbers[4]!;
  const total = numbers.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Chromium's dozen processes share most of their pages, so their RSS would count those pages a
 * dozen times: its memory is the proportional share (PSS) instead.
 */
function pss(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/**
 * Samples /proc while the load runs and sums CPU and memory by group: each server process, the
 * Chromium processes under it, the proxy, the PostgreSQL backends serving the bench database,
 * Redis, the load generator (this process), and everything else on the machine. A process that
 * starts and ends between two samples (a short Chromium renderer) is missed, so Chromium's CPU is
 * a lower bound.
 */
export function sampleUsage(groups: { servers: number[]; proxy: number; databaseName: string }): { stop(): Usage } {
  const first = new Map<number, number>();
  const last = new Map<number, { ticks: number; group: string }>();
  const rss: Usage['rss'] = {};
  const machineStart = machineTicks();
  const started = Date.now();
  let firstSample = true;
  const backends = new Map<number, boolean>();

  const groupOf = (proc: Proc, procs: Map<number, Proc>): string | undefined => {
    if (proc.pid === process.pid) return 'load generator';
    if (proc.pid === groups.proxy) return 'proxy';
    const server = groups.servers.indexOf(proc.pid);
    if (server >= 0) return `server ${server + 1}`;
    for (let up = procs.get(proc.ppid); up; up = procs.get(up.ppid)) {
      const owner = groups.servers.indexOf(up.pid);
      if (owner >= 0) return `Chromium of server ${owner + 1}`;
    }
    if (proc.comm === 'redis-server') return 'Redis';
    if (proc.comm === 'postgres') {
      if (!backends.has(proc.pid)) backends.set(proc.pid, cmdline(proc.pid).includes(` ${groups.databaseName} `));
      if (backends.get(proc.pid)) return 'PostgreSQL backends';
    }
    return undefined;
  };

  const sample = () => {
    const procs = readProcs();
    const memory = new Map<string, number>();
    for (const proc of procs.values()) {
      const group = groupOf(proc, procs);
      if (!group) continue;
      // A process born during the run spent all its time in it.
      if (!first.has(proc.pid)) first.set(proc.pid, firstSample ? proc.ticks : 0);
      last.set(proc.pid, { ticks: proc.ticks, group });
      memory.set(group, (memory.get(group) ?? 0) + (group.startsWith('Chromium') ? pss(proc.pid) : proc.rss));
    }
    for (const [group, bytes] of memory) {
      const entry = (rss[group] ??= { peak: 0, last: 0 });
      entry.peak = Math.max(entry.peak, bytes);
      entry.last = bytes;
    }
    firstSample = false;
  };
  sample();
  const timer = setInterval(sample, EVERY_MS);

  return {
    stop() {
      clearInterval(timer);
      sample();
      const cpuSeconds: Record<string, number> = {};
      for (const [pid, { ticks, group }] of last)
        cpuSeconds[group] = (cpuSeconds[group] ?? 0) + ((ticks - first.get(pid)!) * TICK_MS) / 1000;
      const machineEnd = machineTicks();
      const ours = Object.values(cpuSeconds).reduce((a, b) => a + b, 0);
      // Whatever else this machine ran meanwhile took its cores from the servers too.
      cpuSeconds['other processes'] = Math.max(0, ((machineEnd.busy - machineStart.busy) * TICK_MS) / 1000 - ours);
      return {
        cpuSeconds,
        rss,
        machineBusy: (machineEnd.busy - machineStart.busy) / Math.max(1, machineEnd.total - machineStart.total),
        seconds: (Date.now() - started) / 1000,
      };
    },
  };
}

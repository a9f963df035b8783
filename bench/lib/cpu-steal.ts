import { readFileSync } from 'node:fs';

/** The machine's CPU time so far, in the kernel's ticks: all of it, and what the host took. */
export interface CpuTimes {
  total: number;
  stolen: number;
}

/**
 * From the first line of /proc/stat: user nice system idle iowait irq softirq steal (guest time
 * is counted in user already). Steal is the time a virtual machine's CPUs were ready to run but
 * the host ran something else: another machine's work, on a host shared with it.
 */
export function parseCpuTimes(procStat: string): CpuTimes | null {
  const line = procStat.split('\n').find((row) => row.startsWith('cpu '));
  const fields = line?.trim().split(/\s+/).slice(1, 9).map(Number);
  if (!fields || fields.length < 8 || fields.some((field) => !Number.isFinite(field))) return null;
  return { total: fields.reduce((sum, field) => sum + field, 0), stolen: fields[7] as number };
}

/** Null where the system has no /proc/stat (macOS): the share is then unknown, not zero. */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The share of the CPU time between two readings that the host took for other work. */
export function stolenShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (after.stolen - before.stolen) / (after.total - before.total);
}

/**
 * Above this share the run was not on a quiet machine: the latency goals, a few milliseconds
 * apiece, move with it. On the bench's machine a quiet host stays near 0 %, and a busy one took
 * 5 to 13 % of each second while the gateway suite ran, when its p50s were twice a quiet run's.
 */
export const QUIET_STEAL = 0.01;

export function stealText(share: number | null): string {
  if (share === null) return 'not known on this system';
  const percent = `${(share * 100).toFixed(1)} %`;
  return share > QUIET_STEAL ? `${percent}: not a quiet machine` : percent;
}

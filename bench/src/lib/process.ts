import { readFileSync, writeFileSync } from 'node:fs';

function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MiB (VmRSS, Linux); NaN once the process is gone. */
export const rssMiB = (pid: number) => statusMiB(pid, 'VmRSS');

/** The most resident memory of a process in MiB since it started or since `resetPeakRss` (VmHWM, Linux). */
export const peakRssMiB = (pid: number) => statusMiB(pid, 'VmHWM');

/** Starts a process's peak resident memory again from what it holds now (Linux ≥ 4.0; elsewhere nothing). */
export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak stays the one since the process started
  }
}

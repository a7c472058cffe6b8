import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

/** One line naming the machine, so figures are read against what produced them. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, " ").trim() ?? "cpu";
  return `${cpus.length} × ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, node ${process.version}`;
}

export interface CpuSnapshot {
  busy: number;
  steal: number;
  total: number;
}

/** All CPUs' time counters from /proc/stat (Linux); null elsewhere. */
export function machineCpu(): CpuSnapshot | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return {
      busy: user + nice + system + irq + softirq,
      steal: steal || 0,
      total: user + nice + system + idle + iowait + irq + softirq + (steal || 0),
    };
  } catch {
    return null;
  }
}

/**
 * What the whole machine did between two snapshots, in percent of one core (100% = one core):
 * busy time of every process (so others' work shows as the remainder) and time stolen by the
 * hypervisor.
 */
export function machineUsage(from: CpuSnapshot | null, to: CpuSnapshot | null, wallMs: number) {
  if (!from || !to || wallMs <= 0) return null;
  // /proc/stat counts in USER_HZ (100 per second).
  const perCoreMs = (ticks: number) => (ticks * 10 * 100) / wallMs;
  return { busyPct: perCoreMs(to.busy - from.busy), stealPct: perCoreMs(to.steal - from.steal) };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * CPU time (ms) used so far by every process with this command name, e.g. "postgres" (all its
 * backends, whatever database they serve); null where /proc is unavailable or none runs.
 */
export function commandCpuMs(command: string): number | null {
  let total = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name !== command) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : null;
}

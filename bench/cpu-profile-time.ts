/**
 * How much of a V8 CPU profile (`--server-cpu-prof`) was spent under one function, per time bin:
 * `npx tsx bench/cpu-profile-time.ts <file.cpuprofile> [--function sweep] [--url stomp-hub] [--bin 5]`.
 * Prints, per bin of --bin seconds from the profile's start, the milliseconds of samples with the
 * function anywhere in their stack, and the milliseconds not idle; e.g. the hub's heart-beat sweep
 * while the subscribers scenario holds its connections (docs/performance.md).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    function: { type: "string", default: "sweep" },
    url: { type: "string", default: "stomp-hub" },
    bin: { type: "string", default: "5" },
  },
});
if (positionals.length !== 1) {
  console.error("usage: tsx bench/cpu-profile-time.ts <file.cpuprofile> [--function name] [--url part] [--bin seconds]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], "utf8")) as Profile;
const binUs = Number(values.bin) * 1e6;
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const under = new Map<number, boolean>();
const isUnder = (id: number): boolean => {
  const known = under.get(id);
  if (known !== undefined) return known;
  const { functionName, url } = (byId.get(id) as ProfileNode).callFrame;
  const parent = parentOf.get(id);
  const result =
    (functionName === values.function && url.includes(values.url as string)) || (parent !== undefined && isUnder(parent));
  under.set(id, result);
  return result;
};
const idle = new Set(["(idle)", "(program)"]);
const bins = new Map<number, { under: number; busy: number }>();
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  time += profile.timeDeltas[i];
  // A sample stands for the time until the next one.
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const bin = Math.floor((time - profile.startTime) / binUs);
  const totals = bins.get(bin) ?? { under: 0, busy: 0 };
  const id = profile.samples[i];
  if (isUnder(id)) totals.under += ms;
  if (!idle.has((byId.get(id) as ProfileNode).callFrame.functionName)) totals.busy += ms;
  bins.set(bin, totals);
}
console.log(`from s\tms under ${values.function}\tms busy`);
for (const [bin, totals] of [...bins].sort((a, b) => a[0] - b[0])) {
  console.log(`${(bin * binUs) / 1e6}\t${totals.under.toFixed(0)}\t${totals.busy.toFixed(0)}`);
}

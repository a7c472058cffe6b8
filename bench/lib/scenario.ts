import type { ServerUnderTest } from "./server-process.ts";

/** Settings every scenario may read; each takes what applies to it and says so in its description. */
export interface BenchOptions {
  /** Orders (or arrivals) per second, open loop. */
  rate: number;
  /** Measured seconds, after the warm-up. */
  durationSec: number;
  /** Seconds of load before measuring, excluded from the figures. */
  warmupSec: number;
  /** Tables seated in each venue. */
  tables: number;
  guestsPerTable: number;
  /** Most requests the client keeps under way at once. */
  maxInFlight: number;
  /** Seed of the pseudo-random choices (order contents), so runs are comparable. */
  seed: number;
  /** Time compression of simulated scenarios (busy-evening): simulated minutes per real minute. */
  compress?: number;
  /** A cashier's screen follows the cash-desk queues during the run (order-to-kitchen, busy-evening). */
  cashDesk?: boolean;
  /**
   * order-to-kitchen, two-instances: venues the orders are spread over, the demo one and the rest
   * made through the API like it (lib/extra-venues.ts).
   */
  venues: number;
  /** order-to-kitchen: count PostgreSQL's work per order (statements, rows, NOTIFY, backend CPU); needs --database-url. */
  pgStats?: boolean;
  /** subscribers: idle STOMP subscribers to hold. */
  subscribers?: number;
  /** guest-menu: cold loads measured of each kind of guest (and of each commit). */
  runs?: number;
  /** guest-menu: a commit (any git revision) to measure too, interleaved, from a temporary worktree. */
  compare?: string;
}

export interface BenchContext {
  /**
   * The server the scenario drives (the first instance when there are several). A scenario with
   * `ownServers` reads `servers` instead, which holds only a server given with --url, if any.
   */
  server: ServerUnderTest;
  /** Every instance started for the run, `server` first (one unless a scenario asks for more). */
  servers: ServerUnderTest[];
  options: BenchOptions;
  /** Progress lines, on stderr so stdout stays the summary. */
  log(line: string): void;
  /**
   * Registers what undoes something the scenario started itself, run if the bench is interrupted
   * or gives up; the returned function unregisters it once the scenario has undone it.
   */
  onAbort(cleanup: () => Promise<unknown>): () => void;
}

export interface ResultSection {
  heading: string;
  rows: [label: string, value: string][];
}

export interface ScenarioResult {
  title: string;
  sections: ResultSection[];
  /** Things that make the figures doubtful or show a fault (lost tickets, client behind, …). */
  warnings: string[];
  /** Raw figures for --json. */
  data: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  description: string;
  run(context: BenchContext): Promise<ScenarioResult>;
  /** Seconds the run may take before the watchdog gives up, when not warm-up + duration + 60. */
  budgetSec?(options: BenchOptions): number;
  /**
   * Why the scenario starts the servers it measures itself; the bench then starts none for it, and
   * passes it only a running server given with --url.
   */
  ownServers?: string;
  /** Server processes the scenario needs (default 1); more than one share the --database-url database. */
  instances?: number;
  /** Why the scenario needs a PostgreSQL database of its own, if it does: it is refused without --database-url. */
  needsDatabaseUrl?: string;
  /** Why `--scenario all` leaves it out (it runs only when named), e.g. it needs more than a default machine gives. */
  onlyByName?: string;
  /** Arrivals per second when --rate is not given, for a scenario whose aim names another rate than 100. */
  defaultRate?: number;
  /**
   * Settings the server child needs for this scenario (e.g. a slow myDATA sandbox). The bench's own
   * environment wins, so a run can try other values; a server driven with --url keeps its own.
   */
  serverEnv?: Record<string, string>;
}

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same orders. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

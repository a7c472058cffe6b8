import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { apiClient } from "./support/http.ts";
import { commandTally, serviceCommands } from "./support/service-model/commands.ts";
import { checkInvariants } from "./support/service-model/invariants.ts";
import { emptyModel } from "./support/service-model/model.ts";
import { buildWorld, TABLES, TERMINAL_TIMEOUT_MS } from "./support/service-model/world.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Money and table state under everything a busy evening does (issue 28 B): a stateful property
 * test over the real HTTP API and the STOMP hub. Guests on three phones at two tables order, take
 * pieces off, ask to pay, pay online and call the waiter; the waiter and the till collect in every
 * way, transfer and bill; the kitchen prepares and the waiter delivers; the admin cancels receipts
 * and takes products off the menu. Staff send each action with an Idempotency-Key, and sometimes
 * lose its answer and send it again, tap twice at once, replay it late, or queue several offline
 * and send them later while another waiter got there first; the screens' WebSockets drop and
 * reconnect (issue 31). After every command the invariants (support/service-model/invariants.ts)
 * are checked against a small model. Each run plays on a fresh venue, half of them with invoicing
 * on (myDATA sandbox).
 *
 * Replay: FC_SEED=<seed> FC_PATH=<path> FC_REPLAY_PATH=<replayPath> (the seed and path are printed
 * on failure, the replayPath in the counterexample's comment); a shrunk failure prints as the story
 * of its commands. SERVICE_MODEL_RUNS sets how many evenings the fixed seed plays, FC_SEED another
 * seed; SERVICE_MODEL_SECONDS explores fresh seeds for that long.
 */

/**
 * Known defects still open on main, each skipping only the check or command variant it breaks.
 * Empty this set as their fixes land.
 */
const OPEN_DEFECTS: ReadonlySet<string> = new Set<string>([]);

/**
 * The suite plays the same evenings every time (a fixed seed, about 60 s here), so a red run is a
 * regression anyone can replay, never the luck of a new draw; exploring new evenings is its own
 * run: SERVICE_MODEL_SECONDS=1200 draws fresh seeds for that long.
 */
const DEFAULT_SEED = 28_2026;
const DEFAULT_RUNS = 24;
const seconds = process.env.SERVICE_MODEL_SECONDS ? Number(process.env.SERVICE_MODEL_SECONDS) : undefined;
const runs = process.env.SERVICE_MODEL_RUNS ? Number(process.env.SERVICE_MODEL_RUNS) : undefined;
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const path = process.env.FC_PATH;

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      CARD_TERMINAL_POLL_MS: "50",
      CARD_TERMINAL_TIMEOUT_SECONDS: String(TERMINAL_TIMEOUT_MS / 1000),
      // The invariants drain the outbox themselves, so every document is sent before its XML is read.
      FISCAL_OUTBOX_POLL_MS: "600000",
    },
  });
  api = apiClient(server.baseUrl);
});
afterAll(async () => {
  console.info(`service model: ${runsDone} runs, commands run: ${JSON.stringify(Object.fromEntries(commandTally))}`);
  await server?.close();
});
let runsDone = 0;

/** One run: a fresh venue, a random evening of commands, the invariants after each. */
const evening = fc.asyncProperty(fc.boolean(), serviceCommands(40, process.env.FC_REPLAY_PATH), async (invoicing, commands) => {
  runsDone++;
  const world = await buildWorld(server, api, invoicing);
  try {
    const model = emptyModel(TABLES, invoicing, OPEN_DEFECTS);
    await checkInvariants(model, world);
    await fc.asyncModelRun(() => ({ model, real: world }), commands);
  } catch (error) {
    const story = world.story.map((line, i) => `  ${i + 1}. ${line}`).join("\n");
    throw new Error(`${(error as Error).message}\n\nThe evening, invoicing ${invoicing ? "on" : "off"}:\n${story}\n`, {
      cause: error,
    });
  } finally {
    await world.close();
  }
});

/** Runs per fast-check batch: small, so the time budget is kept while a failure still shrinks fully. */
const BATCH = 2;

describe("money and table state, model-based", () => {
  it(
    "every command keeps the pieces, the money, the documents, the tickets and the pushes true",
    async () => {
      if (seconds === undefined) {
        await fc.assert(evening, { numRuns: runs ?? DEFAULT_RUNS, seed: seed ?? DEFAULT_SEED, path, verbose: 1 });
        return;
      }
      // Exploring: batches until the budget is spent; each batch draws its own seed, printed with any failure.
      const until = Date.now() + seconds * 1000;
      do await fc.assert(evening, { numRuns: BATCH, verbose: 1 });
      while (Date.now() < until);
    },
    ((seconds ?? 60) + 900) * 1000,
  );
});

// The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) runs every statement on
// the thread that owns it, so on the server's thread it competed with HTTP, WebSocket frames and
// JSON for one core. Here it has a core of its own; `pglite-thread.ts` is the other side.
// Plain JavaScript on purpose: a worker is started by Node itself, without the TypeScript loader
// of the process that starts it (tsx, vitest).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const database = workerData.dataDir ? new PGlite(workerData.dataDir) : new PGlite();

/** Open transactions by id: the PGlite transaction handle and how to end its callback. */
const transactions = new Map();

/** Drizzle passes parsers that hand timestamps, dates and intervals back as text: the same here. */
function queryOptions(message) {
  if (!message.rawParserTypes) return { rowMode: message.rowMode };
  return {
    rowMode: message.rowMode,
    parsers: Object.fromEntries(message.rawParserTypes.map((type) => [type, (value) => value])),
  };
}

/** What a failed statement reports, as plain data (an Error's own fields do not cross threads). */
function describeError(error) {
  const facts = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ["code", "constraint", "detail", "table", "column", "schema", "severity", "hint", "position"]) {
    if (error && typeof error === "object" && error[field] !== undefined) facts[field] = error[field];
  }
  return facts;
}

function target(message) {
  if (message.transactionId == null) return database;
  const open = transactions.get(message.transactionId);
  if (!open) throw new Error(`transaction ${message.transactionId} is not open`);
  return open.handle;
}

/**
 * Starts a transaction whose statements arrive one message at a time. PGlite holds every other
 * query back until the callback given to `transaction` settles: `commit` resolves it (PGlite then
 * runs COMMIT), `rollback` rejects it (PGlite runs ROLLBACK).
 */
function begin(transactionId) {
  return new Promise((opened, failedToOpen) => {
    const entry = {};
    entry.finished = database.transaction(
      (handle) =>
        new Promise((commit, rollback) => {
          Object.assign(entry, { handle, commit, rollback });
          transactions.set(transactionId, entry);
          opened(undefined);
        }),
    );
    entry.finished.catch(failedToOpen).finally(() => transactions.delete(transactionId));
  });
}

async function end(transactionId, commit) {
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`transaction ${transactionId} is not open`);
  if (commit) open.commit(undefined);
  else open.rollback(new Error("rolled back"));
  try {
    await open.finished;
  } catch (error) {
    if (commit) throw error;
  }
}

async function handle(message) {
  switch (message.op) {
    case "ready":
      await database.waitReady;
      return null;
    case "query":
      return await target(message).query(message.sql, message.params, queryOptions(message));
    case "exec":
      return await target(message).exec(message.sql);
    case "begin":
      await begin(message.transactionId);
      return null;
    case "commit":
      await end(message.transactionId, true);
      return null;
    case "rollback":
      await end(message.transactionId, false);
      return null;
    case "close":
      await database.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

port.on("message", (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: describeError(error) }),
  );
});

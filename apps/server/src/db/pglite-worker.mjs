// The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) runs every statement on
// the thread that owns it, so on the server's thread it competed with HTTP, WebSocket frames and
// JSON for one core. Here it has a core of its own; `pglite-thread.ts` is the other side.
// Plain JavaScript on purpose: a worker is started by Node itself, without the TypeScript loader
// of the process that starts it (tsx, vitest).
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
// The page cache (shared_buffers) is set on purpose, on the command line so the data directory's
// own postgresql.conf stays as initdb wrote it; PGlite's default of 128 MB was touched whole at
// start and was most of the idle process (docs/performance.md, "Start-up and idle memory").
// A store in memory starts as a copy of `image` when given (a data directory PGlite packed with
// dumpDataDir), without running initdb.
const options = {
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${workerData.cacheMb}MB`],
  ...(workerData.image ? { loadDataDir: new Blob([readFileSync(workerData.image)]) } : {}),
};
const database = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);

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

/** A WAL segment's file: 24 hex digits (timeline, log, segment), so their order is their names'. */
const WAL_SEGMENT = /^pg_wal\/[0-9A-F]{24}$/;
/** Files are copied through this much memory at a time (a table's file may reach 1 GB). */
const COPY_BUFFER = Buffer.alloc(1024 * 1024);

/**
 * Packs the data directory as of one instant into `target`, a new file: every file's bytes one
 * after another, with an index of where each lies (and of the directories), for a backup to
 * stream out once the database is free again. Inside a transaction PGlite holds every other
 * statement and transaction back, so none is half done, and single-user PostgreSQL has no
 * background process to write meanwhile. CHECKPOINT first writes every committed change into the
 * data files; the copy then needs the log only from the checkpoint on, so older segments, and
 * recycled ones waiting ahead, stay behind (after a busy day they outweigh the data), and so does
 * the lock file. One file written rather than a thousand created: creating the files was what
 * took time (0.4-0.8 s against 0.05-0.2 s for a fresh database's 1,200 files, loaded 2-core machine).
 */
async function packDataDir(target) {
  const root = workerData.dataDir;
  if (!root) throw new Error("a database in memory has no directory to pack");
  const index = [];
  await database.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    const { rows } = await tx.query(
      "select (pg_control_checkpoint()).redo_wal_file as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last",
    );
    const { first, last } = rows[0];
    const needed = (name) => {
      if (name === "postmaster.pid") return false;
      if (!WAL_SEGMENT.test(name)) return true;
      const segment = name.slice("pg_wal/".length);
      return segment >= first && segment <= last;
    };
    const pack = openSync(target, "wx", 0o600);
    try {
      let offset = 0;
      const walk = (directory, prefix) => {
        for (const item of readdirSync(directory, { withFileTypes: true })) {
          const name = prefix ? `${prefix}/${item.name}` : item.name;
          const source = path.join(directory, item.name);
          if (item.isDirectory()) {
            index.push({ type: "directory", name, mode: statSync(source).mode & 0o777 });
            walk(source, name);
          } else if (item.isFile() && needed(name)) {
            const size = appendFile(pack, source);
            index.push({ type: "file", name, mode: statSync(source).mode & 0o777, offset, size });
            offset += size;
          }
        }
      };
      walk(root, "");
    } finally {
      closeSync(pack);
    }
  });
  return index;
}

/** Appends a file's bytes to an open file; returns how many. */
function appendFile(target, source) {
  const input = openSync(source, "r");
  try {
    let size = 0;
    for (;;) {
      const read = readSync(input, COPY_BUFFER, 0, COPY_BUFFER.length, null);
      if (read === 0) return size;
      writeSync(target, COPY_BUFFER, 0, read);
      size += read;
    }
  } finally {
    closeSync(input);
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
    case "pack-data-dir":
      return await packDataDir(message.target);
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

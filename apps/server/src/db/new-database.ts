import { execFile } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { NEW_DATABASE_TEMPLATE, runtimeFile } from "../server-files.ts";

/** PostgreSQL's mark of a data directory that holds a database; PGlite runs initdb without it. */
const MARK = "PG_VERSION";

/** Whether an embedded data directory holds a database yet. */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, MARK));
}

/**
 * Writes a new embedded database into an empty data directory before PGlite opens it. The compiled
 * build carries one, migrated, as a template (build.ts), copied here in a fraction of a second.
 * Without it (the sources under tsx) PGlite runs initdb, on a second PostgreSQL instance, in a
 * process of its own (pglite-create.mjs): the hundreds of MB of WebAssembly memory that takes stayed
 * resident in the server's process after initdb was done, even when a thread of its own had done
 * it and ended; a process gives them all back when it exits.
 */
export async function createDatabase(dataDir: string): Promise<void> {
  if (!existsSync(NEW_DATABASE_TEMPLATE)) {
    await promisify(execFile)(process.execPath, [runtimeFile("db/pglite-create.mjs"), dataDir], { timeout: 120_000 });
    return;
  }
  // The mark comes last: a start stopped half-way leaves none, and the next one copies again.
  copyPrivately(NEW_DATABASE_TEMPLATE, dataDir, (name) => name !== MARK);
  copyPrivately(NEW_DATABASE_TEMPLATE, dataDir, (name) => name === MARK);
}

/**
 * Copies a directory's entries (those `take` names at its top) as the server's own: readable by
 * its user only, as initdb makes them, whoever owns the template.
 */
function copyPrivately(from: string, to: string, take: (name: string) => boolean = () => true): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!take(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copyPrivately(source, target);
    } else {
      copyFileSync(source, target);
      chmodSync(target, 0o600);
    }
  }
}

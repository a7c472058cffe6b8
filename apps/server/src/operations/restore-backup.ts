import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { DATA_DIR_FILES, SECRET_FILE_MODE } from "../config.ts";
import { orders, payments, retailers } from "../db/schema.ts";
import { readBackup } from "./backup-archive.ts";
import { OperatorError } from "./operator-error.ts";

/** What a restored database holds, for the operator to recognise it. */
export interface RestoredDatabase {
  /** When the backup was taken. */
  createdAt: Date;
  migrations: number;
  venues: number;
  orders: number;
  payments: number;
}

/**
 * Brings a backup file back into an empty data directory, where the server then starts as on any
 * other. The directory is checked first. The database is unpacked into a directory beside its
 * place as the file is read, then opened once by PGlite (which replays the little log the copy
 * holds, and proves it opens) and closed cleanly; then the keys are written; the database's rename
 * into place comes last. A restore that fails removes what it wrote, so the directory is empty
 * again; nothing that was there is ever touched, because there was nothing.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoredDatabase> {
  refuseUnlessEmpty(dataDir);
  // What this restore creates, and only that, is removed should it fail.
  const created = mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = path.join(dataDir, `${DATA_DIR_FILES.database}.restoring`);
  const written: string[] = created ? [created] : [staging];
  try {
    const backup = await readBackup(file, staging);
    const counts = await countRestored(staging);
    const keys = [
      [DATA_DIR_FILES.fiscalSecretsKey, backup.fiscalSecretsKey.toString("hex")],
      [DATA_DIR_FILES.jwtSecret, backup.jwtSecret],
    ];
    for (const [name, value] of keys) {
      const keyFile = path.join(dataDir, name);
      writeFileSync(keyFile, value, { mode: SECRET_FILE_MODE, flag: "wx" });
      if (!created) written.push(keyFile);
    }
    renameSync(staging, path.join(dataDir, DATA_DIR_FILES.database));
    return { createdAt: backup.createdAt, ...counts };
  } catch (error) {
    for (const item of written) rmSync(item, { recursive: true, force: true });
    throw error;
  }
}

function refuseUnlessEmpty(dataDir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") throw new OperatorError(`DATA_DIR ${dataDir} is a file, not a directory.`);
    throw error;
  }
  if (entries.length > 0) {
    const shown = entries.slice(0, 5).join(", ") + (entries.length > 5 ? ", …" : "");
    throw new OperatorError(
      `DATA_DIR ${dataDir} is not empty (it holds ${shown}). A restore never overwrites: point DATA_DIR at a new ` +
        "or empty directory.",
    );
  }
}

/** PGlite starts on the unpacked directory; what it holds is counted. */
async function countRestored(directory: string): Promise<Omit<RestoredDatabase, "createdAt">> {
  const client = await PGlite.create(directory);
  try {
    const db = drizzle({ client });
    const applied = await db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    return {
      migrations: applied.rows[0].count,
      venues: await db.$count(retailers),
      orders: await db.$count(orders),
      payments: await db.$count(payments),
    };
  } finally {
    await client.close();
  }
}

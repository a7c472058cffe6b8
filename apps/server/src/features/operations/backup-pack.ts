import { randomBytes } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Database } from "../../db/client.ts";
import type { PackedDataDir } from "../../db/pglite-thread.ts";
import { type BackupContents, backupArchive } from "../../operations/backup-archive.ts";

/**
 * A backup's pack of the data directory lives in DATA_DIR (the same disk) only while it is
 * streamed out; one left by a process stopped mid-backup is removed when the next one starts
 * listening.
 */
const PACK_PREFIX = "backup-pack-";

export function removeLeftoverPacks(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(PACK_PREFIX)) rmSync(path.join(dataDir, name), { force: true });
  }
}

/**
 * Packs the database as of now and streams it out as a backup file; the pack is removed once the
 * stream ends, fails or is abandoned. `heldMs` is how long statements waited for the pack.
 */
export async function streamBackup(
  packDataDir: NonNullable<Database["packDataDir"]>,
  options: Pick<BackupContents, "jwtSecret" | "fiscalSecretsKey"> & { dataDir: string },
): Promise<{ createdAt: Date; archive: Readable; heldMs: number }> {
  const pack = path.join(options.dataDir, `${PACK_PREFIX}${randomBytes(6).toString("hex")}`);
  const createdAt = new Date();
  const started = performance.now();
  let packed: PackedDataDir;
  try {
    packed = await packDataDir(pack);
  } catch (error) {
    await rm(pack, { force: true });
    throw error;
  }
  const heldMs = Math.round(performance.now() - started);
  const archive = backupArchive({
    createdAt,
    pack,
    packed,
    jwtSecret: options.jwtSecret,
    fiscalSecretsKey: options.fiscalSecretsKey,
  });
  archive.once("close", () => void rm(pack, { force: true }));
  return { createdAt, archive, heldMs };
}

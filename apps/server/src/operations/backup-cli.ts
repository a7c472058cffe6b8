import { parseArgs } from "node:util";
import { readDataLocation } from "../config.ts";
import { OperatorError } from "./operator-error.ts";
import { takeBackup } from "./take-backup.ts";

// `npm run backup [-- --out FILE]`: a consistent copy of the embedded database, made by the server
// running on DATA_DIR while it serves (operations/take-backup.ts). PostgreSQL has pg_dump for that.
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const location = readDataLocation();
  if (!location.embedded) {
    throw new OperatorError(
      "DATABASE_URL points to PostgreSQL: back it up with pg_dump (README, Backups), for example\n" +
        '  pg_dump --format=custom --file=tableorder.dump "$DATABASE_URL"',
    );
  }
  const backup = await takeBackup(location.dataDir, values.out);
  console.log(`Backup written: ${backup.file} (${formatBytes(backup.bytes)}, taken ${backup.createdAt.toISOString()})`);
} catch (error) {
  if (!(error instanceof OperatorError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))) throw error;
  console.error((error as Error).message);
  process.exit(1);
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

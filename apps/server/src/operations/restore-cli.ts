import { parseArgs } from "node:util";
import { readDataLocation } from "../config.ts";
import { OperatorError } from "./operator-error.ts";
import { restoreBackup } from "./restore-backup.ts";

// `npm run restore -- FILE`: brings a backup of the embedded database (npm run backup) back into an
// empty DATA_DIR (operations/restore-backup.ts); the server then starts on it as usual.
try {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new OperatorError("Usage: npm run restore -- FILE   (a file npm run backup wrote)");
  const location = readDataLocation();
  if (!location.embedded) {
    throw new OperatorError(
      "DATABASE_URL points to PostgreSQL: restore a pg_dump file with pg_restore into an empty database (README, " +
        'Backups), for example\n  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" tableorder.dump',
    );
  }
  if (!location.inDataDir) {
    throw new OperatorError("A restore writes the embedded database to DATA_DIR/db: unset DATABASE_URL and set DATA_DIR.");
  }
  const restored = await restoreBackup(positionals[0], location.dataDir);
  console.log(
    `Restored the backup taken ${restored.createdAt.toISOString()} into ${location.dataDir}: ${restored.venues} venue(s), ` +
      `${restored.orders} order(s), ${restored.payments} payment(s), ${restored.migrations} migration(s) applied. ` +
      "Start the server with this DATA_DIR.",
  );
} catch (error) {
  if (!(error instanceof OperatorError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))) throw error;
  console.error((error as Error).message);
  process.exit(1);
}

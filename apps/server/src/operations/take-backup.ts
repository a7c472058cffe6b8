import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { SECRET_FILE_MODE } from "../config.ts";
import { backupFileName, readBackup } from "./backup-archive.ts";
import { OPERATIONS_ENDPOINT_FILE, readOperationsEndpoint } from "./operations-endpoint.ts";
import { OperatorError } from "./operator-error.ts";

export interface TakenBackup {
  file: string;
  bytes: number;
  createdAt: Date;
}

/**
 * Asks the server running on `dataDir` for a backup of its embedded database and writes it to
 * `out` (default backups/tableorder-<time>.tar.gz), whole or not at all: into a temporary file,
 * read back as a backup, flushed to disk, then renamed. An existing file is never replaced.
 *
 * No server running is a refusal, not a copy of the directory: PGlite has no lock against a second
 * process, so opening its directory here could corrupt it should a server start meanwhile.
 */
export async function takeBackup(dataDir: string, out?: string): Promise<TakenBackup> {
  const endpoint = readOperationsEndpoint(dataDir);
  if (!endpoint) {
    throw new OperatorError(
      `No server is running on ${dataDir} (it holds no ${OPERATIONS_ENDPOINT_FILE}). Start it with this DATA_DIR ` +
        "(npm run serve) and run the backup again: the server that holds the embedded database makes the copy.",
    );
  }
  const file = path.resolve(out ?? path.join("backups", backupFileName(new Date())));
  if (existsSync(file)) throw new OperatorError(`${file} exists already; a backup never replaces a file: name another.`);

  let response: Response;
  try {
    response = await fetch(`${endpoint.url}/operations/backup`, {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
  } catch (error) {
    throw new OperatorError(
      `The server that announced itself in ${path.join(dataDir, OPERATIONS_ENDPOINT_FILE)} (process ${endpoint.pid}, ` +
        `${endpoint.url}) does not answer (${(error as Error).cause ?? error}). If it stopped without removing ` +
        "the file, start it again and run the backup again.",
    );
  }
  if (!response.ok || !response.body) {
    throw new OperatorError(`The server refused the backup: ${response.status} ${await response.text()}`);
  }

  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.partial`;
  try {
    await pipeline(
      Readable.fromWeb(response.body as ReadableStream<Uint8Array>),
      createWriteStream(temporary, { flags: "wx", mode: SECRET_FILE_MODE }),
    );
    const { createdAt } = await readBackup(temporary);
    const handle = await open(temporary, "r");
    let bytes: number;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    return { file, bytes, createdAt };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

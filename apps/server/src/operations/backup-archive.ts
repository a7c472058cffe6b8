import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { pipeline, Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { DATA_DIR_FILES, SECRET_FILE_MODE } from "../config.ts";
import type { PackedDataDir } from "../db/pglite-thread.ts";
import { OperatorError } from "./operator-error.ts";
import { readTar, type TarEntry, tarStream } from "./tar.ts";

/**
 * A backup of the embedded database, as `npm run backup` writes it and `npm run restore` reads it:
 * a gzipped tar laid out like the data directory, with everything a restore on a fresh machine
 * needs and nothing that is not the venue's:
 * - tableorder-backup.json: what the file is and when it was taken (first, so it is found at once);
 * - fiscal-secrets-key: the key sealing the venues' myDATA credentials, which the database holds
 *   sealed and which cannot be opened without it;
 * - jwt-secret: the key signing sign-ins, so staff screens stay signed in across a restore;
 * - db/: the database's data directory as of one instant (Database.packDataDir).
 * The keys are those the server uses, also when they come from FISCAL_SECRETS_KEY or JWT_SECRET
 * rather than from DATA_DIR, and are restored as DATA_DIR's files. Holding them, the file is for its
 * owner's eyes only. It is written and read as a stream: its size costs no memory.
 */
const FORMAT = "tableorder-embedded-backup";
const VERSION = 1;
const MANIFEST = "tableorder-backup.json";
const DATABASE = DATA_DIR_FILES.database;
/** The small files read whole; anything else outside db/ is passed over. */
const TEXTS = new Set<string>([MANIFEST, DATA_DIR_FILES.fiscalSecretsKey, DATA_DIR_FILES.jwtSecret]);

export interface BackupContents {
  createdAt: Date;
  /** The data directory packed into one file, which the stream reads (the caller removes it after). */
  pack: string;
  packed: PackedDataDir;
  jwtSecret: string;
  /** 32 bytes. */
  fiscalSecretsKey: Buffer;
}

/** What a backup file says of itself, and the keys it carries. */
export interface BackupFacts {
  createdAt: Date;
  jwtSecret: string;
  fiscalSecretsKey: Buffer;
}

/** A backup's name, by when it was taken: tableorder-2026-05-01T13-34-24Z.tar.gz. */
export function backupFileName(createdAt: Date): string {
  return `tableorder-${createdAt
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}.tar.gz`;
}

/** The backup file's bytes as a stream, compressed as they are read. */
export function backupArchive(backup: BackupContents): Readable {
  const manifest = { format: FORMAT, version: VERSION, createdAt: backup.createdAt.toISOString() };
  const small = (name: string, text: string, mode: number): TarEntry => {
    const data = Buffer.from(text);
    return { type: "file", name, mode, size: data.length, content: [data] };
  };
  function* entries(): Generator<TarEntry> {
    yield small(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`, 0o644);
    yield small(DATA_DIR_FILES.fiscalSecretsKey, backup.fiscalSecretsKey.toString("hex"), SECRET_FILE_MODE);
    yield small(DATA_DIR_FILES.jwtSecret, backup.jwtSecret, SECRET_FILE_MODE);
    yield { type: "directory", name: DATABASE, mode: 0o700 };
    yield* packedEntries(backup.pack, backup.packed);
  }
  const gzip = createGzip();
  // A failure on the way ends the stream with that error, which its reader sees.
  pipeline(Readable.from(tarStream(entries(), backup.createdAt)), gzip, () => undefined);
  return gzip;
}

/** The packed data directory as entries under db/; each file is opened only when it is written. */
function* packedEntries(pack: string, packed: PackedDataDir): Generator<TarEntry> {
  for (const item of packed) {
    const name = `${DATABASE}/${item.name}`;
    if (item.type === "directory") yield { ...item, name };
    else {
      const { mode, offset, size } = item;
      const content = size ? createReadStream(pack, { start: offset, end: offset + size - 1 }) : [];
      yield { type: "file", name, mode, size, content };
    }
  }
}

/**
 * Reads a backup file through, refusing anything that is not a whole one, and returns what it
 * says; with `unpackDatabaseInto`, the db/ directory is written there (a new directory) as it passes.
 */
export async function readBackup(file: string, unpackDatabaseInto?: string): Promise<BackupFacts> {
  const texts = new Map<string, string>();
  let databaseFound = false;
  let current: { name: string; text: Buffer[] | null; fd: number | null } | null = null;
  const finishFile = () => {
    if (current?.fd != null) closeSync(current.fd);
    if (current?.text) texts.set(current.name, Buffer.concat(current.text).toString("utf8").trim());
    current = null;
  };
  try {
    // A file that cannot be read or unzipped ends the stream with that error.
    const unzipped = pipeline(createReadStream(file), createGunzip(), () => undefined);
    for await (const record of readTar(unzipped)) {
      if (record.kind === "data") {
        if (current?.fd != null) writeSync(current.fd, record.chunk);
        else current?.text?.push(Buffer.from(record.chunk));
        continue;
      }
      finishFile();
      if (record.name === DATABASE || record.name.startsWith(`${DATABASE}/`)) {
        databaseFound ||= record.name === `${DATABASE}/PG_VERSION`;
        const target = unpackDatabaseInto ? databasePath(unpackDatabaseInto, record.name) : null;
        if (target && record.type === "directory") mkdirSync(target, { recursive: true, mode: record.mode });
        current = {
          name: record.name,
          text: null,
          fd: target && record.type === "file" ? openSync(target, "wx", record.mode) : null,
        };
      } else {
        current = { name: record.name, text: TEXTS.has(record.name) ? [] : null, fd: null };
      }
    }
    finishFile();
  } catch (error) {
    finishFile();
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(`${file} is not a whole backup of the embedded database: ${(error as Error).message}`);
  }
  return backupFacts(file, texts, databaseFound);
}

/** Where an entry of db/ goes, refusing a name that would lead out of the directory. */
function databasePath(directory: string, name: string): string {
  const relative = path.normalize(name.slice(DATABASE.length + 1));
  if (path.isAbsolute(relative) || relative.split(path.sep).includes("..")) {
    throw new OperatorError(`The backup names a file outside the database: ${name}`);
  }
  return path.join(directory, relative);
}

function backupFacts(file: string, texts: Map<string, string>, databaseFound: boolean): BackupFacts {
  const text = (name: string) => {
    const value = texts.get(name);
    if (value === undefined) throw new OperatorError(`${file} is not a whole backup of the embedded database: it has no ${name}`);
    return value;
  };
  let manifest: { format?: unknown; version?: unknown; createdAt?: unknown };
  try {
    manifest = JSON.parse(text(MANIFEST));
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(`${file}: its ${MANIFEST} is not JSON`);
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new OperatorError(`${file} is a ${manifest.format} ${manifest.version}, not a ${FORMAT} ${VERSION}`);
  }
  if (!databaseFound) throw new OperatorError(`${file} is not a whole backup of the embedded database: it has no database`);
  const fiscalSecretsKey = Buffer.from(text(DATA_DIR_FILES.fiscalSecretsKey), "hex");
  if (fiscalSecretsKey.length !== 32) throw new OperatorError(`${file}: its fiscal-secrets-key is not 32 bytes`);
  return { createdAt: new Date(String(manifest.createdAt)), jwtSecret: text(DATA_DIR_FILES.jwtSecret), fiscalSecretsKey };
}

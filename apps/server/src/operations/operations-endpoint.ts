import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SECRET_FILE_MODE } from "../config.ts";
import { bearerTokenCheck } from "../lib/bearer-token.ts";

/**
 * How the operator's commands on this machine (`npm run backup`) find the server running on a data
 * directory and show they may use it. Listening, the embedded server writes this file into its
 * data directory, readable by its owner only: its process id, an address on this machine, and a
 * token made at start. Whoever may read the data directory may thus call the operator's routes;
 * no token is configured, and none outlives the process. A stop removes the file.
 */
export const OPERATIONS_ENDPOINT_FILE = "operations-endpoint.json";

export interface OperationsEndpoint {
  pid: number;
  /** The server's own address, e.g. http://127.0.0.1:8080. */
  url: string;
  token: string;
}

/**
 * The token a server on an embedded database announces: made at start, for the commands on its
 * machine (a backup, a venue or operator created while it serves). PostgreSQL and an in-memory
 * database have none: the commands open those themselves, and every caller of these routes is refused.
 */
export const serverTokenFor = (database: { packDataDir?: unknown }): string | null =>
  database.packDataDir ? randomBytes(32).toString("base64url") : null;

/** Whether a request's Authorization header carries the server's token; always false without one. */
export function serverTokenCheck(token: string | null): (authorization: string | undefined) => boolean {
  return token ? bearerTokenCheck(token) : () => false;
}

/** An address that reaches the server from its own machine: a wildcard listen answers on loopback. */
export function localUrl(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/** Written whole or not at all (a temporary file renamed), so a reader never sees half of it. */
export function announceOperationsEndpoint(dataDir: string, endpoint: OperationsEndpoint): void {
  const file = path.join(dataDir, OPERATIONS_ENDPOINT_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(endpoint)}\n`, { mode: SECRET_FILE_MODE });
  renameSync(temporary, file);
}

/** Removes the file if it is still this server's (another may have started on the directory since). */
export function withdrawOperationsEndpoint(dataDir: string, token: string): void {
  if (readOperationsEndpoint(dataDir)?.token === token) rmSync(path.join(dataDir, OPERATIONS_ENDPOINT_FILE), { force: true });
}

/** The endpoint the last server on `dataDir` announced; null when none is announced. */
export function readOperationsEndpoint(dataDir: string): OperationsEndpoint | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, OPERATIONS_ENDPOINT_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return JSON.parse(text) as OperationsEndpoint;
}

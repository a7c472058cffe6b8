import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/**
 * The address guests and staff reach the product at, for links the product hands out (QR codes,
 * set-password links): PUBLIC_URL, or else the origin the caller used.
 */
export function publicBaseUrl(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The same for a command or the start, which have no request: PUBLIC_URL, or else this machine's port. */
export function localBaseUrl(config: Pick<Config, "publicUrl" | "port">): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

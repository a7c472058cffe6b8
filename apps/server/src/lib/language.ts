import type { Language } from "@tableorder/domain/enums";
import type { FastifyRequest } from "fastify";

/** The language the caller reads: `?lang=` first, then Accept-Language; Greek by default. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  const wanted = typeof query === "string" ? query : (request.headers["accept-language"] ?? "");
  return wanted.trim().toLowerCase().startsWith("en") ? "en" : "el";
}

import type { Language } from "@tableorder/domain/enums";
import type { FastifyRequest } from "fastify";

/** The language the caller reads: `?lang=` first, then Accept-Language; Greek by default. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  const wanted = typeof query === "string" ? query : (request.headers["accept-language"] ?? "");
  return wanted.trim().toLowerCase().startsWith("en") ? "en" : "el";
}

/**
 * The language a page is rendered in for the browser that asks: the one it chose (the web app keeps
 * the choice in the `language` cookie too), else as requestLanguage says.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = /(?:^|;\s*)language=(el|en)(?:;|$)/.exec(request.headers.cookie ?? "")?.[1];
  return chosen === "el" || chosen === "en" ? chosen : requestLanguage(request);
}

import {
  acceptLanguageTags,
  firstSupportedLanguage,
  isUiLanguage,
  type Language,
  siteLanguage,
  type UiLanguage,
} from "@tableorder/domain/enums";
import type { FastifyRequest } from "fastify";

/** The language the caller reads: `?lang=` first, then Accept-Language; Greek by default. */
function readerLanguage(request: FastifyRequest): UiLanguage {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof query === "string") return firstSupportedLanguage([query]) ?? "el";
  return firstSupportedLanguage(acceptLanguageTags(request.headers["accept-language"] ?? "")) ?? "el";
}

/**
 * The language of the Greek-and-English texts (staff menus and feeds, exports) the caller is
 * answered in: a reader of German, French or Italian gets English (decision 045).
 */
export function requestLanguage(request: FastifyRequest): Language {
  return siteLanguage(readerLanguage(request));
}

/**
 * The language a guest reads the venue's menu, table and venue in: any of the guest side's five,
 * the venue's texts falling back where it has not translated them (decision 046).
 */
export function guestLanguage(request: FastifyRequest): UiLanguage {
  return readerLanguage(request);
}

/**
 * The language a guest page is rendered in for the browser that asks: the one it chose (the web app
 * keeps the choice in the `language` cookie too), else its Accept-Language; Greek by default.
 */
export function pageLanguage(request: FastifyRequest): UiLanguage {
  const chosen = /(?:^|;\s*)language=([a-z]{2})(?:;|$)/.exec(request.headers.cookie ?? "")?.[1];
  return isUiLanguage(chosen) ? chosen : readerLanguage(request);
}

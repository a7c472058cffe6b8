import { firstSupportedLanguage, isUiLanguage, type Language, siteLanguage, type UiLanguage } from "@tableorder/domain/enums";
import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode, useSyncExternalStore } from "react";
import { type Catalog, el, type GuestCatalog } from "./locales/el.ts";

/**
 * Translations. The catalogs use i18next's format (nested keys, {{name}} placeholders, _zero /
 * _one / _other plural suffixes), but the lookup is this small module: i18next and react-i18next cost
 * about 20 KB gzipped, more than a tenth of the guest menu's 150 KB budget.
 * Greek is in the first load; every other language is loaded only when chosen. German, French
 * and Italian hold the guest's texts only (docs/decisions/045-guest-languages.md): a key they lack
 * (a staff screen's) falls back to English, then Greek.
 */

/** The chosen language is remembered under this key (spec 1 §9). */
export const LANGUAGE_KEY = "language";
/**
 * The chosen language is also kept in a cookie of the same name: the server renders a guest's
 * menu page before any script runs, so it must read the choice from the request (see
 * docs/decisions/031-guest-menu-server-rendering.md).
 */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const LOCALES: Record<UiLanguage, string> = { el: "el-GR", en: "en-US", de: "de-DE", fr: "fr-FR", it: "it-IT" };

export type TranslationParams = Record<string, unknown>;
export type CatalogTree = Tree;
type Tree = { [key: string]: string | Tree };

const catalogs: Partial<Record<UiLanguage, Catalog | GuestCatalog>> = { el };
const loaders: Record<Exclude<UiLanguage, "el">, () => Promise<Catalog | GuestCatalog>> = {
  en: async () => (await import("./locales/en.ts")).en,
  de: async () => (await import("./locales/de.ts")).de,
  fr: async () => (await import("./locales/fr.ts")).fr,
  it: async () => (await import("./locales/it.ts")).it,
};
/** Texts of areas loaded on demand (the back office), so the guest's catalog stays small. */
const areaCatalogs: Record<Language, Tree[]> = { el: [], en: [] };
const pluralRules = new Map<UiLanguage, Intl.PluralRules>();
const listeners = new Set<() => void>();
let language: UiLanguage = storedLanguage();

/** The language this browser chose, if it ever chose one. */
export function chosenLanguage(): UiLanguage | null {
  try {
    const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(LANGUAGE_KEY);
    if (isUiLanguage(stored)) return stored;
  } catch {
    /* storage unavailable: none chosen */
  }
  return null;
}

/** The phone's own language where we speak it (navigator.languages, in its order), on a first visit. */
export function phoneLanguage(): UiLanguage | null {
  if (typeof navigator === "undefined") return null;
  return firstSupportedLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? ""]);
}

/**
 * The guest's pages follow the phone's language until the guest picks one; the staff's screens and
 * the public site (Greek and English only) open in Greek until someone switches.
 */
function storedLanguage(): UiLanguage {
  const onGuestPages = typeof location !== "undefined" && location.pathname.startsWith("/service/customer");
  return chosenLanguage() ?? (onGuestPages ? phoneLanguage() : null) ?? "el";
}

function rememberInCookie(lang: UiLanguage): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari on guests' phones
  document.cookie = `${LANGUAGE_KEY}=${lang}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

async function loadCatalog(lang: UiLanguage): Promise<void> {
  if (lang === "el" || catalogs[lang]) return;
  // A guest-only catalog falls back to English, which is loaded with it.
  const [catalog] = await Promise.all([loaders[lang](), lang === "en" ? null : loadCatalog("en")]);
  catalogs[lang] = catalog;
}

function lookup(catalog: Catalog | GuestCatalog | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = catalog as unknown as Tree;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function lookupIn(lang: UiLanguage, key: string): string | undefined {
  const found = lookup(catalogs[lang], key);
  if (found !== undefined || !isContentLanguage(lang)) return found;
  for (const area of areaCatalogs[lang]) {
    const text = lookup(area as unknown as Catalog, key);
    if (text !== undefined) return text;
  }
  return undefined;
}

function resolveIn(lang: UiLanguage, key: string, count: unknown): string | undefined {
  if (typeof count === "number") {
    let rules = pluralRules.get(lang);
    if (!rules) {
      rules = new Intl.PluralRules(LOCALES[lang]);
      pluralRules.set(lang, rules);
    }
    // As i18next: a _zero form, where a catalog has one, says "none" or "just now" for 0.
    const zero = count === 0 ? lookupIn(lang, `${key}_zero`) : undefined;
    const plural = zero ?? lookupIn(lang, `${key}_${rules.select(count)}`) ?? lookupIn(lang, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookupIn(lang, key);
}

function resolve(key: string, count: unknown): string | undefined {
  // A key missing in a guest-only catalog falls back to English; one missing in English to Greek,
  // the complete catalog.
  return (
    resolveIn(language, key, count) ??
    (isContentLanguage(language) ? undefined : resolveIn("en", key, count)) ??
    resolveIn("el", key, count)
  );
}

function isContentLanguage(lang: UiLanguage): lang is Language {
  return siteLanguage(lang) === lang;
}

/**
 * Adds the texts of a lazily loaded area (e.g. the back office's `admin.*` keys) in both
 * languages; the area's chunk calls this once when it loads.
 */
export function addAreaCatalog(texts: Record<Language, Tree>): void {
  for (const lang of ["el", "en"] as const) {
    if (!areaCatalogs[lang].includes(texts[lang])) areaCatalogs[lang].push(texts[lang]);
  }
  for (const listener of listeners) listener();
}

/** Whether a key has a text, e.g. to tell a known server error key from an unknown one. */
export function exists(key: string): boolean {
  return resolve(key, undefined) !== undefined;
}

/** The text of a key with its {{placeholders}} filled; an unknown key shows as itself. */
export function t(key: string, params?: TranslationParams): string {
  const text = resolve(key, params?.count);
  if (text === undefined) return key;
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? "")) : text;
}

export function currentLanguage(): UiLanguage {
  return language;
}

/**
 * The language the venue's content (menu, table, venue) is asked in: the guest's own, which the
 * server answers in the venue's translations, falling back where it has none (decision 046).
 */
export function currentContentLanguage(): UiLanguage {
  return language;
}

export function localeOf(lang: UiLanguage): string {
  return LOCALES[lang];
}

function apply(lang: UiLanguage): void {
  language = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/** Switches the language (loading its catalog first) and remembers it. */
export async function setLanguage(lang: UiLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    /* not remembered, still applied */
  }
  rememberInCookie(lang);
  if (lang === language) return;
  await loadCatalog(lang);
  apply(lang);
}

/**
 * Loads the remembered language before the first render, so nothing flashes in Greek first. A page
 * the server rendered names the language it rendered in: the first render (the hydration) uses it.
 */
export async function initI18n(rendered?: UiLanguage): Promise<void> {
  const chosen = chosenLanguage();
  if (chosen) rememberInCookie(chosen);
  if (rendered) language = rendered;
  const lang = language;
  if (lang !== "el") {
    try {
      await loadCatalog(lang);
    } catch {
      language = "el";
    }
  }
  apply(language);
}

/**
 * The server's rendering of a page: switches to a language whose catalog initI18n already loaded,
 * synchronously, so a render that follows at once cannot interleave with another page's.
 */
export function renderInLanguage(lang: UiLanguage): void {
  if (!catalogs[lang]) throw new Error(`the ${lang} catalog is not loaded`);
  apply(lang);
}

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current language, its locale, the language the venue's content is asked in (`content`,
 * which guests' queries key on: their own) and that of the texts kept in Greek and English only
 * (`site`: the public site, legal texts, staff screens' data), re-rendering on change.
 */
export function useLanguage(): { lang: UiLanguage; locale: string; content: UiLanguage; site: Language } {
  const lang = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  return { lang, locale: LOCALES[lang], content: lang, site: siteLanguage(lang) };
}

/** Same shape as react-i18next's hook, so screens read the same either way. */
export function useTranslation(): {
  t: typeof t;
  exists: typeof exists;
  lang: UiLanguage;
  content: UiLanguage;
  site: Language;
} {
  const { lang, content, site } = useLanguage();
  return { t, exists, lang, content, site };
}

/**
 * A text with elements in it: "<terms>Όροι χρήσης</terms>" becomes the given element with that
 * text inside (flat tags only, which is all the catalogs use).
 */
export function TransText({
  i18nKey,
  params,
  components,
}: {
  i18nKey: string;
  params?: TranslationParams;
  components: Record<string, ReactElement>;
}) {
  useLanguage();
  const text = t(i18nKey, params);
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}

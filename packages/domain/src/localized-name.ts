import type { Language, MenuLanguage, Translations, UiLanguage } from "./enums.ts";
import { isBlank } from "./validators.ts";

/** A text of the venue's as shown, and the language it is in (the reader's, or a fallback's). */
export interface Localized {
  text: string;
  language: UiLanguage;
}

/**
 * A venue's own wording (a category's or a product's name, a description, an option) in the
 * reader's language, the one rule guests' menus, tables and feeds follow (decision 046): Greek for
 * Greek; German, French or Italian where the venue offers that language and filled it in; else
 * English where the venue filled it in (English is never switched off: the spec's `nameEng` keeps
 * answering English readers); else the Greek original.
 */
export function localize(
  lang: UiLanguage,
  offered: readonly MenuLanguage[],
  greek: string,
  english: string | null | undefined,
  translations?: Translations | null,
): Localized {
  if (lang === "el") return { text: greek, language: "el" };
  if (lang !== "en" && offered.includes(lang)) {
    const own = translations?.[lang];
    if (own != null && !isBlank(own)) return { text: own, language: lang };
  }
  if (english != null && !isBlank(english)) return { text: english, language: "en" };
  return { text: greek, language: "el" };
}

/** A venue's wording in Greek or English (staff screens, the back office): the same rule. */
export function nameIn(lang: Language, name: string, nameEng: string | null | undefined): string {
  return localize(lang, [], name, nameEng).text;
}

/**
 * The field rules of the back-office forms (spec 3 §5) as pure functions. The zod contracts
 * (`contracts/crm-*.ts`) build on them, so the web's forms and the server's validation apply the
 * same rule, written once.
 */

import type { MenuLanguage, Translations } from "./enums.ts";

/** Passwords must be longer than 3 characters (spec 3 §5, §9). */
export const PASSWORD_MIN_LENGTH = 4;
/**
 * The platform operator's password (issue 18): that account creates venues, disables them and
 * issues their administrators' password links, so the spec's 4 characters are too few for it.
 */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
/** Past this a "password" is a paste accident; argon2 would hash it, but nobody types it. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 50;
export const TABLE_CODE_MAX_LENGTH = 64;
/** Upper bound of short texts (names, labels): enough for any real one, bounded for storage. */
export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 1000;

/** Empty, or only spaces: what "required" refuses. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === "";
}

/** A password that may be set: 4 to 128 characters, spaces count. */
export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;
}

const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/**
 * A printer address: dotted IPv4, each octet 0-255 (spec 3 §5). Leading zeros are refused, since
 * some network stacks read "010" as octal 8.
 */
export function isValidIpv4(value: string): boolean {
  return IPV4.test(value.trim());
}

/** Usernames are stored and compared in lower case, without surrounding spaces. */
export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase();
}

/** Letters (Greek too), digits and . _ @ - ; no spaces, so a username types the same everywhere. */
export function isValidUsername(value: string): boolean {
  const username = normalizeUsername(value);
  return username.length > 0 && username.length <= USERNAME_MAX_LENGTH && /^[\p{L}\p{N}._@-]+$/u.test(username);
}

/**
 * A table's URL code ends up in a printed QR code (/service/customer/{code}), so it keeps to the
 * characters a URL carries unescaped (RFC 3986's unreserved set).
 */
export function isValidTableCode(value: string): boolean {
  const code = value.trim();
  return code.length > 0 && code.length <= TABLE_CODE_MAX_LENGTH && /^[A-Za-z0-9._~-]+$/.test(code);
}

/** The venue's print agent address as the browser's WebSocket reaches it: ws:// or wss://host[:port][/path]. */
export function isValidPrintServiceUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === "ws:" || url.protocol === "wss:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A page the venue sends happy guests to (its Google review link): https only, so never a script. */
export function isValidGoogleReviewUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Secondary cuisines are the fixed list 1 seafood, 2 meat, 3 vegan, 4 brunch (spec 3 §3). */
export function isValidSecondaryCuisine(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 4;
}

/** Something with a Greek name, its English translation and its others (decision 046). */
export interface Translatable {
  name: string | null;
  nameEng?: string | null;
  nameTranslations?: Translations | null;
}

export interface TranslatableProduct extends Translatable {
  description?: string | null;
  descriptionEng?: string | null;
  descriptionTranslations?: Translations | null;
  preparationWays?: readonly Translatable[];
  basicIngredients?: readonly Translatable[];
  extraIngredients?: readonly Translatable[];
}

/** Whether a text lacks its translation into a menu language: English in `*Eng`, the others in the map. */
function lacks(eng: string | null | undefined, translations: Translations | null | undefined, language: MenuLanguage): boolean {
  return isBlank(language === "en" ? eng : translations?.[language]);
}

/** The field path of a text's translation into a language, as forms and field errors name it. */
function translationPath(field: "name" | "description", language: MenuLanguage): string {
  return language === "en" ? `${field}Eng` : `${field}Translations.${language}`;
}

/**
 * Where a product lacks its text in a menu language (English unless told), as field paths (spec 3
 * §5, translation tab): the name, the description if there is one, and each named option and
 * ingredient. An empty list means fully translated. The same rule feeds the form, the server's
 * check and the missing-translation marks.
 */
export function productTranslationGaps(product: TranslatableProduct, language: MenuLanguage = "en"): string[] {
  const gaps: string[] = [];
  if (lacks(product.nameEng, product.nameTranslations, language)) gaps.push(translationPath("name", language));
  if (!isBlank(product.description) && lacks(product.descriptionEng, product.descriptionTranslations, language))
    gaps.push(translationPath("description", language));
  for (const list of ["preparationWays", "basicIngredients", "extraIngredients"] as const) {
    (product[list] ?? []).forEach((option, index) => {
      if (!isBlank(option.name) && lacks(option.nameEng, option.nameTranslations, language))
        gaps.push(`${list}.${index}.${translationPath("name", language)}`);
    });
  }
  return gaps;
}

/** A category needs its name in a menu language (English unless told) when translations are on (spec 3 §5). */
export function isCategoryTranslationMissing(category: Translatable, language: MenuLanguage = "en"): boolean {
  return lacks(category.nameEng, category.nameTranslations, language);
}

/**
 * A category name as a guest reads it on the menu, to tell whether two names are the same one:
 * case, accents (Greek capitals drop them, so ΟΡΕΚΤΙΚΑ is Ορεκτικά), final sigma and spacing do
 * not count.
 */
export function categoryNameKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("ς", "σ").replace(/\s+/g, " ").trim();
}

/**
 * The positions of the categories whose name repeats an earlier one in the venue's list (spec 3
 * §4 saves the whole list, so the list alone says whether names repeat). Blank names are left to
 * the required rule.
 */
export function repeatedCategoryNames(list: readonly { name: string }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  for (const [index, { name }] of list.entries()) {
    const key = categoryNameKey(name);
    if (!key) continue;
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  }
  return repeated;
}

/** A Greek phone number: optional +30 or 0030, then ten digits starting 2-9 (spec 1 §5). */
export function isValidGreekPhone(value: string): boolean {
  return /^(?:\+30|0030)?[2-9]\d{9}$/.test(value.replace(/[\s-]/g, ""));
}

/** A standard email address pattern: something@domain.tld, no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value.trim());
}

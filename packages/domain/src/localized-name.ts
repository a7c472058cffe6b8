import type { Language } from "./enums.ts";
import { isBlank } from "./validators.ts";

/**
 * A venue's own wording (a category's or a product's name, a description) in the reader's
 * language: the English text when English is chosen and the venue filled it in, the Greek
 * original otherwise. The guest's menu and the back office show names by this one rule.
 */
export function nameIn(lang: Language, name: string, nameEng: string | null | undefined): string {
  return lang === "en" && nameEng != null && !isBlank(nameEng) ? nameEng : name;
}

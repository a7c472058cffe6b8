import type { Language } from "@tableorder/domain/enums";

/** A paragraph, a bulleted list of short points, or a sentence ending in a link to another page of the site. */
export type LegalBlock =
  | string
  | { readonly list: readonly string[] }
  | { readonly text: string; readonly link: { readonly to: string; readonly label: string } };

export interface LegalSection {
  title: string;
  blocks: readonly LegalBlock[];
}

/** A legal text as the page shows it: numbered sections with a table of contents. */
export interface LegalDocument {
  title: string;
  /** "Last updated: …" already worded in the document's language (spec 1 §1: 2 June 2023). */
  updated: string;
  contentsTitle: string;
  backToTop: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export type LegalKind = "privacy-policy" | "terms-of-use" | "accessibility-statement";

// One file per text and language, fetched only when that page is opened in that language, so
// neither the site's first load nor the guest's menu carries the legal texts.
const LOADERS: Record<LegalKind, Record<Language, () => Promise<LegalDocument>>> = {
  "privacy-policy": {
    el: () => import("./privacy-policy-el.ts").then((m) => m.PRIVACY_POLICY_EL),
    en: () => import("./privacy-policy-en.ts").then((m) => m.PRIVACY_POLICY_EN),
  },
  "terms-of-use": {
    el: () => import("./terms-of-use-el.ts").then((m) => m.TERMS_OF_USE_EL),
    en: () => import("./terms-of-use-en.ts").then((m) => m.TERMS_OF_USE_EN),
  },
  "accessibility-statement": {
    el: () => import("./accessibility-statement-el.ts").then((m) => m.ACCESSIBILITY_STATEMENT_EL),
    en: () => import("./accessibility-statement-en.ts").then((m) => m.ACCESSIBILITY_STATEMENT_EN),
  },
};

const pending = new Map<string, Promise<LegalDocument>>();

/**
 * The same promise for the same text and language, as React's `use` needs; a failed load is
 * forgotten so that a retry (the route error's reload) fetches it again.
 */
export function loadLegalDocument(kind: LegalKind, lang: Language): Promise<LegalDocument> {
  const key = `${kind}:${lang}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = LOADERS[kind][lang]();
    promise.catch(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

import { MAIN_CUISINES } from "@tableorder/domain/enums";
import { ERROR_KEYS } from "@tableorder/domain/errors";
import { describe, expect, it } from "vitest";
import * as cashDeskTexts from "../../app/routes/admin/cash-desk/texts.ts";
import * as adminTexts from "../../app/routes/admin/texts.ts";
import * as invoicingTexts from "../../features/admin-settings/invoicing-texts.ts";
import * as cashRegisterTexts from "../../features/cash-register/texts.ts";
import * as statsTexts from "../../features/stats/texts.ts";
import * as waiterTexts from "../../features/waiter-payment/texts.ts";
import { de } from "./de.ts";
import { el, GUEST_SECTIONS } from "./el.ts";
import { en } from "./en.ts";
import { fr } from "./fr.ts";
import { it as italian } from "./it.ts";

describe("error wordings", () => {
  // A keyed error the server can answer must reach the user as words, in both languages.
  it.each([
    ["el", el],
    ["en", en],
    ["de", de],
    ["fr", fr],
    ["it", italian],
  ] as const)("every keyed server error has a %s wording", (_, catalog) => {
    const errors = catalog.error as Record<string, unknown>;
    const missing = ERROR_KEYS.filter((key) => typeof errors[key] !== "string" || errors[key] === "");
    expect(missing).toEqual([]);
  });
});

/** Every catalog of a language: the core one and those the back office's areas load. */
const catalogs = {
  el: [el, adminTexts.el, cashDeskTexts.el, cashRegisterTexts.el, statsTexts.el, waiterTexts.el, invoicingTexts.el],
  en: [en, adminTexts.en, cashDeskTexts.en, cashRegisterTexts.en, statsTexts.en, waiterTexts.en, invoicingTexts.en],
};

/** Each wording with its dotted key. */
function wordings(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  if (typeof tree !== "object" || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => wordings(value, prefix ? `${prefix}.${key}` : key));
}

describe("one wording per idea, in the reader's language", () => {
  // English words a new user met on Greek screens (issue 15): a Greek wording exists for each.
  const ENGLISH_IN_GREEK = [/take[- ]?away/i, /dine[- ]?in/i, /table url/i, /comfort food/i, /street food/i];

  it("no Greek wording holds English phrases that have a Greek term", () => {
    const greek = [...catalogs.el.flatMap((catalog) => wordings(catalog)), ...MAIN_CUISINES.map((c) => [c.code, c.name])];
    const english = greek.filter(([, text]) => ENGLISH_IN_GREEK.some((phrase) => phrase.test(text)));
    expect(english).toEqual([]);
  });

  // Whatever a screen calls a way of serving (kitchen, cash desk, product list, stats), it reads
  // serviceMode.*, so the admin cannot say "Στο κατάστημα" where the kitchen says "Στο τραπέζι".
  const SERVICE_MODE_NAMES = {
    el: ["Στο τραπέζι", "Στο κατάστημα", "Πακέτο", "Take away", "Διανομή"],
    en: ["Dine in", "Dine-in", "Take away", "Take-away", "Takeaway", "Delivery"],
  };

  it.each(["el", "en"] as const)("%s: a way of serving is worded only under serviceMode", (lang) => {
    const names = SERVICE_MODE_NAMES[lang].map((name) => name.toLowerCase());
    const elsewhere = catalogs[lang]
      .flatMap((catalog) => wordings(catalog))
      .filter(([key, text]) => names.includes(text.trim().toLowerCase()) && !key.startsWith("serviceMode."));
    expect(elsewhere).toEqual([]);
  });
});

describe("the guest's languages: one dictionary shape", () => {
  const guestPart = (catalog: object) =>
    Object.fromEntries(GUEST_SECTIONS.map((section) => [section, (catalog as Record<string, unknown>)[section]]));
  const shapeOf = (catalog: object) =>
    new Map(
      wordings(guestPart(catalog)).map(([key, text]) => [
        key,
        [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[0]).sort(),
      ]),
    );
  const english = shapeOf(en);

  it.each([
    ["de", de],
    ["fr", fr],
    ["it", italian],
    ["el", el],
  ] as const)("%s has every guest key of English, with the same placeholders, tags and plural forms", (_, catalog) => {
    const shape = shapeOf(catalog);
    expect([...shape.keys()].sort()).toEqual([...english.keys()].sort());
    const differing = [...english].filter(([key, marks]) => JSON.stringify(shape.get(key)) !== JSON.stringify(marks));
    expect(differing).toEqual([]);
  });

  // Words that read the same in German and English: names, and texts made only of placeholders.
  const SAME_IN_GERMAN_AND_ENGLISH = new Set([
    "TableOrder",
    "Restaurant",
    "Bar",
    "Brunch",
    "Live",
    "Extras",
    "Gluten",
    "Vegan",
    "ΕΛ",
  ]);

  it("no guest text on a German screen is the English one", () => {
    const german = new Map(wordings(guestPart(de)));
    const english = wordings(guestPart(en)).filter(
      ([key, text]) =>
        german.get(key) === text &&
        !SAME_IN_GERMAN_AND_ENGLISH.has(text) &&
        text.replace(/\{\{\s*\w+\s*\}\}|[\s+·/×]/g, "") !== "",
    );
    expect(english).toEqual([]);
  });

  it.each([
    ["de", de],
    ["fr", fr],
    ["it", italian],
  ] as const)("%s: a legal link says it opens in English", (_, catalog) => {
    const english = { de: "(auf Englisch)", fr: "(en anglais)", it: "(in inglese)" }[_];
    expect(catalog.common.termsOfUseLink).toContain(english);
    expect(catalog.common.privacyPolicyLink).toContain(english);
    expect(catalog.guestSignIn.accept.split(english).length - 1).toBe(2);
  });
});

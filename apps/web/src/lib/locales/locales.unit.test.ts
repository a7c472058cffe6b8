import { MAIN_CUISINES } from "@tableorder/domain/enums";
import { ERROR_KEYS } from "@tableorder/domain/errors";
import { describe, expect, it } from "vitest";
import * as cashDeskTexts from "../../app/routes/admin/cash-desk/texts.ts";
import * as adminTexts from "../../app/routes/admin/texts.ts";
import * as invoicingTexts from "../../features/admin-settings/invoicing-texts.ts";
import * as cashRegisterTexts from "../../features/cash-register/texts.ts";
import * as statsTexts from "../../features/stats/texts.ts";
import * as waiterTexts from "../../features/waiter-payment/texts.ts";
import { el } from "./el.ts";
import { en } from "./en.ts";

describe("error wordings", () => {
  // A keyed error the server can answer must reach the user as words, in both languages.
  it.each([
    ["el", el],
    ["en", en],
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

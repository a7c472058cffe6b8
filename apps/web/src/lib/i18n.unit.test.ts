import { describe, expect, it } from "vitest";
import { currentLanguage, exists, setLanguage, t } from "./i18n.ts";
import { el } from "./locales/el.ts";
import { en } from "./locales/en.ts";

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );

describe("i18n", () => {
  it("is Greek by default, with the spec's wordings", () => {
    expect(currentLanguage()).toBe("el");
    expect(t("notFound.message")).toBe("Η σελίδα δεν βρέθηκε");
    expect(t("basket.sent")).toBe("Επιτυχής αποστολή παραγγελίας!");
  });

  it("chooses the piece label by count and fills placeholders", () => {
    expect(t("common.piece", { count: 1 })).toBe("τεμάχιο");
    expect(t("common.piece", { count: 3 })).toBe("τεμάχια");
    expect(t("options.without", { name: "κρεμμύδι" })).toBe("χωρίς κρεμμύδι");
  });

  it("says how long ago with the plural form the number needs, in Greek and English", async () => {
    expect(t("kitchen.elapsedLabel", { count: 1 })).toBe("πριν από 1 λεπτό");
    // Under a minute is "just now", never "0 minutes ago".
    expect(t("kitchen.elapsedLabel", { count: 0 })).toBe("μόλις τώρα");
    expect(t("kitchen.recall.completedAgo", { count: 0 })).toBe("Ολοκληρώθηκε μόλις τώρα");
    expect(t("kitchen.elapsedLabel", { count: 12 })).toBe("πριν από 12 λεπτά");
    await setLanguage("en");
    expect(t("kitchen.elapsedLabel", { count: 0 })).toBe("just now");
    expect(t("kitchen.recall.completedAgo", { count: 0 })).toBe("Completed just now");
    expect(t("kitchen.elapsedLabel", { count: 1 })).toBe("1 minute ago");
    expect(t("kitchen.elapsedLabel", { count: 12 })).toBe("12 minutes ago");
    await setLanguage("el");
  });

  it("knows the server's error keys and shows unknown keys as themselves", () => {
    expect(exists("error.inactive_product")).toBe(true);
    expect(exists("error.no_such_key")).toBe(false);
    expect(t("error.no_such_key")).toBe("error.no_such_key");
  });

  it("has the same keys in English, and switches to it", async () => {
    expect(keysOf(en as unknown as Tree).sort()).toEqual(keysOf(el as unknown as Tree).sort());
    await setLanguage("en");
    expect(t("error.active_session_on_table")).toBe("The table is occupied.");
    expect(t("common.piece", { count: 2 })).toBe("pieces");
    await setLanguage("el");
  });

  it("speaks German with the guest's texts, and English where a staff screen's text has no German", async () => {
    await setLanguage("de");
    expect(currentLanguage()).toBe("de");
    expect(t("basket.sent")).toBe("Bestellung erfolgreich gesendet!");
    expect(t("menu.inBasket", { count: 2 })).toBe("2 im Warenkorb");
    expect(t("error.inactive_product")).toBe("Die Bestellung wurde blockiert, weil ein Produkt nicht erhältlich ist!");
    expect(t("kitchen.elapsedLabel", { count: 1 })).toBe("1 minute ago");
    await setLanguage("fr");
    // French says "one" of 0 and 1: a _zero form still wins for 0, the rest follow the rules.
    expect(t("visitRating.star", { count: 1 })).toBe("1 étoile");
    expect(t("visitRating.star", { count: 4 })).toBe("4 étoiles");
    await setLanguage("el");
  });
});

import { describe, expect, it } from "vitest";
import { isPricedFor } from "./availability.ts";
import { MAIN_CUISINES, mainCuisineName } from "./enums.ts";
import {
  categoryNameKey,
  isBlank,
  isCategoryTranslationMissing,
  isValidIpv4,
  isValidPassword,
  isValidPrintServiceUrl,
  isValidSecondaryCuisine,
  isValidTableCode,
  isValidUsername,
  normalizeUsername,
  productTranslationGaps,
  repeatedCategoryNames,
} from "./validators.ts";

describe("isBlank (what 'required' refuses)", () => {
  it.each([null, undefined, "", "   ", "\t\n"])("%j is blank", (value) => expect(isBlank(value)).toBe(true));
  it.each(["a", " a ", "0"])("%j is not", (value) => expect(isBlank(value)).toBe(false));
});

describe("isValidPassword: more than 3 characters (spec 3 §5)", () => {
  it.each([
    ["", false],
    ["abc", false],
    ["abcd", true],
    ["    ", true],
    ["x".repeat(128), true],
    ["x".repeat(129), false],
  ])("%j → %s", (value, valid) => expect(isValidPassword(value)).toBe(valid));
});

describe("isValidIpv4: dotted IPv4, each octet 0-255", () => {
  it.each(["0.0.0.0", "192.168.1.10", "255.255.255.255", "10.0.0.1", " 10.0.0.1 ", "1.2.3.4"])("accepts %j", (ip) =>
    expect(isValidIpv4(ip)).toBe(true));
  it.each([
    "",
    "256.1.1.1",
    "1.2.3.256",
    "1.2.3",
    "1.2.3.4.5",
    "01.2.3.4",
    "1.2.3.04",
    "a.b.c.d",
    "1..2.3",
    "1.2.3.-4",
    "1.2.3.4:9100",
    "192.168.1.1 x",
    "１.２.３.４",
  ])("refuses %j", (ip) => expect(isValidIpv4(ip)).toBe(false));
});

describe("usernames", () => {
  it("are trimmed and lower-cased", () => expect(normalizeUsername("  Nikos.K ")).toBe("nikos.k"));
  it.each(["nikos", "Nikos", "waiter-1", "bar_2", "a@b.gr", "νίκος"])("accepts %j", (u) => expect(isValidUsername(u)).toBe(true));
  it.each(["", "   ", "two words", "tab\tname", "x".repeat(51), "semi;colon", "slash/"])("refuses %j", (u) =>
    expect(isValidUsername(u)).toBe(false));
});

describe("table codes (the QR URL's last part)", () => {
  it.each(["t1", "demo-1", "A_b.c~d", "550e8400-e29b-41d4-a716-446655440000"])("accepts %j", (code) =>
    expect(isValidTableCode(code)).toBe(true));
  it.each(["", "two words", "a/b", "a?b", "τραπέζι", "x".repeat(65), "#1"])("refuses %j", (code) =>
    expect(isValidTableCode(code)).toBe(false));
});

describe("print agent address", () => {
  it.each(["ws://192.168.1.20:9180", "wss://print.local/agent", "ws://localhost"])("accepts %j", (url) =>
    expect(isValidPrintServiceUrl(url)).toBe(true));
  it.each(["", "http://192.168.1.20", "192.168.1.20:9180", "ws://", "not a url"])("refuses %j", (url) =>
    expect(isValidPrintServiceUrl(url)).toBe(false));
});

describe("secondary cuisines are 1 to 4", () => {
  it("accepts the fixed list only", () => {
    expect([1, 2, 3, 4].every(isValidSecondaryCuisine)).toBe(true);
    expect([0, 5, 1.5, -1].some(isValidSecondaryCuisine)).toBe(false);
  });
});

describe("main cuisines", () => {
  it("have unique codes and both names", () => {
    expect(new Set(MAIN_CUISINES.map((c) => c.code)).size).toBe(MAIN_CUISINES.length);
    for (const c of MAIN_CUISINES) expect(c.name && c.nameEng).toBeTruthy();
  });
  it("are shown by name in the reader's language; an older free text shows as stored", () => {
    expect(mainCuisineName("GREEK", "el")).toBe("Ελληνική");
    expect(mainCuisineName("GREEK", "en")).toBe("Greek");
    expect(mainCuisineName("GREEK", "de")).toBe("Griechisch");
    expect(mainCuisineName("SEAFOOD", "fr")).toBe("Poissons & fruits de mer");
    expect(mainCuisineName("CRETAN", "it")).toBe("Cretese");
    expect(mainCuisineName("Παραδοσιακή", "en")).toBe("Παραδοσιακή");
    expect(mainCuisineName(null, "el")).toBeNull();
  });
});

describe("productTranslationGaps per menu language (decision 046)", () => {
  it("reads German, French and Italian from the translation maps, naming their paths", () => {
    const product = {
      name: "Χωριάτικη",
      nameEng: "Greek salad",
      nameTranslations: { de: "Bauernsalat" },
      description: "Με φέτα",
      descriptionTranslations: { fr: "Avec feta" },
      extraIngredients: [{ name: "Κάπαρη", nameTranslations: { de: " " } }],
    };
    expect(productTranslationGaps(product, "de")).toEqual([
      "descriptionTranslations.de",
      "extraIngredients.0.nameTranslations.de",
    ]);
    expect(productTranslationGaps(product, "fr")).toEqual(["nameTranslations.fr", "extraIngredients.0.nameTranslations.fr"]);
    expect(productTranslationGaps(product)).toEqual(["descriptionEng", "extraIngredients.0.nameEng"]);
    expect(isCategoryTranslationMissing({ name: "Σαλάτες", nameTranslations: { it: "Insalate" } }, "it")).toBe(false);
    expect(isCategoryTranslationMissing({ name: "Σαλάτες", nameEng: "Salads" }, "it")).toBe(true);
  });
});

describe("productTranslationGaps (translation tab, spec 3 §5)", () => {
  const translated = {
    name: "Σουβλάκι",
    nameEng: "Souvlaki",
    description: "Χοιρινό",
    descriptionEng: "Pork",
    preparationWays: [{ name: "Καλοψημένο", nameEng: "Well done" }],
    basicIngredients: [{ name: "Κρεμμύδι", nameEng: "Onion" }],
    extraIngredients: [{ name: "Πίτα", nameEng: "Pitta" }],
  };
  it("finds nothing in a translated product", () => expect(productTranslationGaps(translated)).toEqual([]));
  it("names every field without English text", () => {
    expect(
      productTranslationGaps({
        ...translated,
        nameEng: " ",
        descriptionEng: null,
        preparationWays: [{ name: "Καλοψημένο", nameEng: "" }],
        extraIngredients: [translated.extraIngredients[0], { name: "Αυγό" }],
      }),
    ).toEqual(["nameEng", "descriptionEng", "preparationWays.0.nameEng", "extraIngredients.1.nameEng"]);
  });
  it("needs no description translation without a description, nor one for an unnamed option", () => {
    expect(
      productTranslationGaps({ ...translated, description: "", descriptionEng: null, basicIngredients: [{ name: "" }] }),
    ).toEqual([]);
  });
  it("categories need their English name", () => {
    expect(isCategoryTranslationMissing({ name: "Σαλάτες", nameEng: "Salads" })).toBe(false);
    expect(isCategoryTranslationMissing({ name: "Σαλάτες", nameEng: "" })).toBe(true);
  });
});

describe("category names: one name once per venue", () => {
  it("case, accents, final sigma and spaces do not make a new name", () => {
    const key = categoryNameKey("Ορεκτικά");
    for (const same of ["ορεκτικά ", "ΟΡΕΚΤΙΚΑ", "  Ορεκτικα", "ορεκτικά"]) expect(categoryNameKey(same)).toBe(key);
    expect(categoryNameKey("ΖΥΜΑΡΙΚΑ  ΦΟΥΡΝΟΥ")).toBe(categoryNameKey("Ζυμαρικά φούρνου"));
    expect(categoryNameKey("ΚΡΑΣΙΑ ΛΕΥΚΑ")).toBe(categoryNameKey("Κρασιά λευκά"));
    expect(categoryNameKey("ΟΙΝΟΣ")).toBe(categoryNameKey("Οίνος"));
    expect(categoryNameKey("Ορεκτικά κρύα")).not.toBe(key);
  });
  it("names the rows that repeat an earlier name; blank rows are the required rule's", () => {
    const list = [
      { name: "Σαλάτες" },
      { name: "Ορεκτικά" },
      { name: "σαλατες" },
      { name: "" },
      { name: " " },
      { name: "ΟΡΕΚΤΙΚΑ" },
    ];
    expect(repeatedCategoryNames(list)).toEqual([2, 5]);
    expect(repeatedCategoryNames([{ name: "Σαλάτες" }, { name: "Ορεκτικά" }])).toEqual([]);
  });
});

describe("isPricedFor (availability needs a price)", () => {
  const product = { hasDineInPrice: true, hasTakeAwayPrice: true, takeAwayPriceCents: 300 };
  it("dine-in needs the dine-in price flag", () => {
    expect(isPricedFor(product, "DINE_IN")).toBe(true);
    expect(isPricedFor({ ...product, hasDineInPrice: false }, "DINE_IN")).toBe(false);
  });
  it("take-away needs the flag and an amount", () => {
    expect(isPricedFor(product, "TAKE_AWAY")).toBe(true);
    expect(isPricedFor({ ...product, hasTakeAwayPrice: false }, "TAKE_AWAY")).toBe(false);
    expect(isPricedFor({ ...product, takeAwayPriceCents: null }, "TAKE_AWAY")).toBe(false);
  });
});

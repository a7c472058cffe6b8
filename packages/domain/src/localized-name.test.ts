import { describe, expect, it } from "vitest";
import { localize, nameIn } from "./localized-name.ts";

describe("a venue's names in the reader's language", () => {
  it("shows the English name in English when there is one", () => {
    expect(nameIn("en", "Ορεκτικά", "Starters")).toBe("Starters");
  });

  it("falls back to the Greek name when the English one is missing or blank", () => {
    expect(nameIn("en", "Ορεκτικά", null)).toBe("Ορεκτικά");
    expect(nameIn("en", "Ορεκτικά", "  ")).toBe("Ορεκτικά");
  });

  it("shows the Greek name in Greek", () => {
    expect(nameIn("el", "Ορεκτικά", "Starters")).toBe("Ορεκτικά");
  });
});

describe("a venue's menu in German, French or Italian (decision 046)", () => {
  const de = { de: "Vorspeisen" };

  it("shows the venue's own translation where it offers the language", () => {
    expect(localize("de", ["en", "de"], "Ορεκτικά", "Starters", de)).toEqual({ text: "Vorspeisen", language: "de" });
  });

  it("falls back to English where the translation is missing, blank or the language not offered", () => {
    expect(localize("de", ["en", "de"], "Ορεκτικά", "Starters", {})).toEqual({ text: "Starters", language: "en" });
    expect(localize("de", ["de"], "Ορεκτικά", "Starters", { de: " " })).toEqual({ text: "Starters", language: "en" });
    expect(localize("de", ["en"], "Ορεκτικά", "Starters", de)).toEqual({ text: "Starters", language: "en" });
    expect(localize("fr", ["en", "de"], "Ορεκτικά", "Starters", de)).toEqual({ text: "Starters", language: "en" });
  });

  it("falls back to Greek where there is no English either", () => {
    expect(localize("it", ["it"], "Ορεκτικά", null, de)).toEqual({ text: "Ορεκτικά", language: "el" });
    expect(localize("en", [], "Ορεκτικά", "")).toEqual({ text: "Ορεκτικά", language: "el" });
  });

  it("answers English readers from the English field, offered or not, and Greek readers in Greek", () => {
    expect(localize("en", [], "Ορεκτικά", "Starters")).toEqual({ text: "Starters", language: "en" });
    expect(localize("el", ["de"], "Ορεκτικά", "Starters", de)).toEqual({ text: "Ορεκτικά", language: "el" });
  });
});

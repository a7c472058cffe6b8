import { describe, expect, it } from "vitest";
import { acceptLanguageTags, firstSupportedLanguage, siteLanguage } from "./enums.ts";

describe("the guest's language", () => {
  it("is the first of the phone's languages that the guest side speaks", () => {
    expect(firstSupportedLanguage(["de-DE", "en-US"])).toBe("de");
    expect(firstSupportedLanguage(["nl-NL", "fr-BE", "en"])).toBe("fr");
    expect(firstSupportedLanguage(["it"])).toBe("it");
    expect(firstSupportedLanguage(["EL-gr"])).toBe("el");
    expect(firstSupportedLanguage(["nl-NL", "pl"])).toBeNull();
    expect(firstSupportedLanguage([])).toBeNull();
  });

  it("reads an Accept-Language header in order of preference", () => {
    expect(acceptLanguageTags("de-DE,de;q=0.9,en;q=0.8")).toEqual(["de-DE", "de", "en"]);
    expect(acceptLanguageTags("en;q=0.5, it-IT")).toEqual(["it-IT", "en"]);
    expect(acceptLanguageTags("fr;q=0, en")).toEqual(["en"]);
    expect(firstSupportedLanguage(acceptLanguageTags("nl,fr;q=0.7,en;q=0.9"))).toBe("en");
    expect(acceptLanguageTags("")).toEqual([]);
  });

  it("reads the texts kept in Greek and English only in English, Greek for Greek", () => {
    expect(siteLanguage("de")).toBe("en");
    expect(siteLanguage("fr")).toBe("en");
    expect(siteLanguage("it")).toBe("en");
    expect(siteLanguage("en")).toBe("en");
    expect(siteLanguage("el")).toBe("el");
  });
});

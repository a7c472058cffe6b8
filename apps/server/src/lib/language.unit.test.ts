import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { pageLanguage, requestLanguage } from "./language.ts";

const request = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  ({ headers, query }) as unknown as FastifyRequest;

describe("the language a request is answered in", () => {
  it("serves German, French and Italian readers the content in English, other languages in Greek", () => {
    expect(requestLanguage(request({ "accept-language": "de-DE,de;q=0.9" }))).toBe("en");
    expect(requestLanguage(request({ "accept-language": "it-IT" }))).toBe("en");
    expect(requestLanguage(request({}, { lang: "fr" }))).toBe("en");
    expect(requestLanguage(request({ "accept-language": "el-GR,en;q=0.5" }))).toBe("el");
    expect(requestLanguage(request({ "accept-language": "nl-NL" }))).toBe("el");
    expect(requestLanguage(request({}))).toBe("el");
  });

  it("renders a guest page in the chosen language, else the phone's, else Greek", () => {
    expect(pageLanguage(request({ cookie: "a=1; language=it", "accept-language": "de" }))).toBe("it");
    expect(pageLanguage(request({ cookie: "language=xx", "accept-language": "fr-FR,en;q=0.8" }))).toBe("fr");
    expect(pageLanguage(request({ "accept-language": "nl-NL,de;q=0.7" }))).toBe("de");
    expect(pageLanguage(request({}))).toBe("el");
  });
});

import { ERROR_KEYS } from "@tableorder/domain/errors";
import { describe, expect, it } from "vitest";
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

import { describe, expect, it } from "vitest";
import { nameIn } from "./localized-name.ts";

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

import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import { describe, expect, it } from "vitest";
import { isMenuPartlyUntranslated } from "./components/untranslated-menu-notice.tsx";

const category = (untranslated: boolean, products: boolean[]): MenuCategory =>
  ({ id: 1, name: "Salate", untranslated, products: products.map((p, id) => ({ id, untranslated: p })) }) as MenuCategory;

describe("the menu's one notice that part of it is in another language (decision 046)", () => {
  it("shows when a category's name or a product fell back, not when all is in the reader's language", () => {
    expect(isMenuPartlyUntranslated([category(false, [false, false])])).toBe(false);
    expect(isMenuPartlyUntranslated([category(false, [false]), category(false, [false, true])])).toBe(true);
    expect(isMenuPartlyUntranslated([category(true, [false])])).toBe(true);
    expect(isMenuPartlyUntranslated([])).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { lineChanges } from "./line-flags.ts";

const option = (id: number, name: string) => ({ id, name, price: 0 });
const line = (over: Partial<Parameters<typeof lineChanges>[0]> = {}) => ({
  removedIngredients: [],
  extraIngredientIds: [],
  notes: "",
  ...over,
});

describe("lineChanges: what earns a line the red banner", () => {
  it("a dish made as the menu has it has none, whatever its allergens", () => {
    expect(lineChanges(line())).toBeNull();
    expect(lineChanges({ ...line(), allergens: ["milk", "gluten"] } as Parameters<typeof lineChanges>[0])).toBeNull();
  });

  it("a blank note is no note", () => {
    expect(lineChanges(line({ notes: "  \n " }))).toBeNull();
  });

  it("a guest's note is flagged, trimmed", () => {
    expect(lineChanges(line({ notes: " αλλεργία στα καρύδια " }))).toEqual({
      removed: [],
      extras: [],
      notes: "αλλεργία στα καρύδια",
    });
  });

  it("a left-out or an added ingredient is flagged, by name", () => {
    expect(lineChanges(line({ removedIngredients: [option(1, "Κρεμμύδι")] }))?.removed).toEqual(["Κρεμμύδι"]);
    expect(lineChanges(line({ extraIngredientIds: [option(2, "Κάπαρη")] }))?.extras).toEqual(["Κάπαρη"]);
  });
});

import { saveCategoriesRequest } from "@tableorder/domain/contracts/crm-products";
import { describe, expect, it } from "vitest";
import { messageText } from "../admin-shell/form-errors.ts";
import { categoryListErrors, categorySaveErrors } from "./category-errors.ts";

describe("the category editor's errors", () => {
  it("a name repeating an earlier row's is refused as typed, whatever its case or spaces", () => {
    const list = [{ name: "Ορεκτικά" }, { name: "Σαλάτες" }, { name: "ορεκτικά " }, { name: "" }];
    expect(categoryListErrors(saveCategoriesRequest, list)).toEqual({
      "2.name": "category_name_already_exists",
      "3.name": "name.required",
    });
    expect(messageText("category_name_already_exists", "el")).toBe("Υπάρχει ήδη κατηγορία με αυτή την ονομασία.");
    expect(messageText("category_name_already_exists", "en")).toBe("A category with this name already exists.");
  });

  it("the server's keyed refusal lands on the row it names; field errors on theirs", () => {
    expect(categorySaveErrors({ message: "error.category_name_already_exists", params: { index: 3, name: "Ορεκτικά" } })).toEqual(
      { "3.name": "category_name_already_exists" },
    );
    expect(
      categorySaveErrors({
        message: "error.validation",
        fieldErrors: [{ objectName: "body", field: "1.nameEng", message: "translation.required" }],
      }),
    ).toEqual({ "1.nameEng": "translation.required" });
    expect(categorySaveErrors({ message: "error.category_has_products" })).toEqual({});
    expect(categorySaveErrors(null)).toEqual({});
  });
});

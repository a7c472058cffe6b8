import { productForm, productFormFor, saveCategoriesRequestFor } from "@tableorder/domain/contracts/crm-products";
import { describe, expect, it } from "vitest";
import {
  draftToInput,
  emptyProductDraft,
  isTranslationPath,
  newOptionDraft,
  pathErrors,
  productToDraft,
  roundPriceText,
} from "./product-form.ts";

const plain = productFormFor({ translationsActive: false });
const translated = productFormFor({ translationsActive: true });

describe("the product editor's form", () => {
  it("price fields round to 2 decimals once left, written the reader's way", () => {
    expect(roundPriceText("12,5", ",")).toBe("12,50");
    expect(roundPriceText("12.5", ",")).toBe("12,50");
    expect(roundPriceText("12,5", ".")).toBe("12.50");
    expect(roundPriceText("1,005", ",")).toBe("1,01");
    expect(roundPriceText("", ",")).toBe("");
  });

  it("sends cents; basic ingredients never cost; the dine-in price only while its flag is on", () => {
    const draft = {
      ...emptyProductDraft(3),
      name: "Μουσακάς",
      price: "12,50",
      hasTakeAwayPrice: true,
      takeAwayPrice: "11",
      basicIngredients: [{ ...newOptionDraft(), name: "Μπεσαμέλ", price: "2" }],
      extraIngredients: [{ ...newOptionDraft(), id: 7, name: "Φέτα", price: "1.5" }],
    };
    const input = draftToInput(draft);
    expect(input).toMatchObject({ price: 1250, takeAwayPrice: 1100, categoryId: 3 });
    const none = { de: "", fr: "", it: "" };
    expect(input.basicIngredients).toEqual([{ name: "Μπεσαμέλ", nameEng: "", nameTranslations: none, price: 0 }]);
    expect(input.extraIngredients).toEqual([{ id: 7, name: "Φέτα", nameEng: "", nameTranslations: none, price: 150 }]);
    expect(pathErrors(plain, input)).toEqual({});
    expect(draftToInput({ ...draft, hasDineInPrice: false }).price).toBeNull();
  });

  it("every rule of spec 3 §5 comes back with its key on its own path", () => {
    const input = draftToInput({
      ...emptyProductDraft(),
      price: "",
      preparationWays: [{ ...newOptionDraft(), name: " " }],
      extraIngredients: [newOptionDraft()],
    });
    expect(pathErrors(plain, input)).toEqual({
      name: "product.name.required",
      price: "product.price.required",
      categoryId: "product.category.required",
      "preparationWays.0.name": "name.required",
      "extraIngredients.0.name": "name.required",
    });
    // No price needed while the dine-in flag is off; a take-away flag needs its own.
    const takeAway = draftToInput({ ...emptyProductDraft(1), name: "x", hasDineInPrice: false, hasTakeAwayPrice: true });
    expect(pathErrors(plain, takeAway)).toEqual({ takeAwayPrice: "product.takeAwayPrice.required" });
  });

  it("while translations are on, the name, a description and every named option need English", () => {
    const input = draftToInput({
      ...emptyProductDraft(1),
      name: "Σαλάτα",
      price: "5",
      description: "Φρέσκια",
      basicIngredients: [{ ...newOptionDraft(), name: "Κρεμμύδι" }],
    });
    const errors = pathErrors(translated, input);
    expect(errors).toEqual({
      nameEng: "translation.required",
      descriptionEng: "translation.required",
      "basicIngredients.0.nameEng": "translation.required",
    });
    expect(Object.keys(errors).every(isTranslationPath)).toBe(true);
    expect(isTranslationPath("name")).toBe(false);
  });

  it("a product read back becomes the same draft (ids kept, cents as euros)", () => {
    const draft = productToDraft(
      {
        id: 1,
        name: "Φέτα",
        nameEng: null,
        nameTranslations: { de: "Feta" },
        type: "GOOD",
        description: null,
        descriptionEng: null,
        descriptionTranslations: {},
        hasDineInPrice: true,
        price: 450,
        hasTakeAwayPrice: false,
        takeAwayPrice: null,
        vatCategory: 1,
        categoryId: 2,
        preparationAreaId: null,
        imageUrl: null,
        imageVariants: [],
        active: true,
        takeAwayActive: true,
        allergens: ["milk"],
        preparationWays: [],
        basicIngredients: [],
        extraIngredients: [{ id: 9, name: "Ρίγανη", nameEng: null, nameTranslations: {}, price: 20 }],
        order: 0,
        translationMissing: false,
        translationsMissing: ["fr"],
      },
      ",",
    );
    expect(draft).toMatchObject({ price: "4,50", takeAwayPrice: "", categoryId: 2, allergens: ["milk"] });
    expect(draftToInput(draft).extraIngredients).toEqual([
      { id: 9, name: "Ρίγανη", nameEng: "", nameTranslations: { de: "", fr: "", it: "" }, price: 20 },
    ]);
    // German, French and Italian come back as typed, empty where not translated (decision 046).
    expect(draft.nameTranslations).toEqual({ de: "Feta", fr: "", it: "" });
    expect(productForm.parse(draftToInput(draft)).nameTranslations).toEqual({ de: "Feta" });
    expect(isTranslationPath("nameTranslations.de")).toBe(true);
    expect(isTranslationPath("preparationWays.0.nameTranslations.it")).toBe(true);
  });

  it("category names are required, and their English while translations are on", () => {
    const list = [
      { id: 1, name: "Σαλάτες", nameEng: "" },
      { name: " ", nameEng: "Mains" },
    ];
    expect(pathErrors(saveCategoriesRequestFor({ translationsActive: false }), list)).toEqual({ "1.name": "name.required" });
    expect(pathErrors(saveCategoriesRequestFor({ translationsActive: true }), list)).toEqual({
      "0.nameEng": "translation.required",
      "1.name": "name.required",
    });
  });
});

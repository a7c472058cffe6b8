import type { CrmProduct, ProductFormInput } from "@tableorder/domain/contracts/crm-products";
import type { Allergen, ProductType, TranslationLanguage, Translations } from "@tableorder/domain/enums";
import { centsToAmountText, type DecimalMark, eurosToCents } from "@tableorder/domain/money";
import type { ZodType } from "zod";

/** An option row as typed: its id when it exists already, its price as the euros typed. */
export interface OptionDraft {
  /** A stable key for the row on screen (new rows have no id yet). */
  key: string;
  id: number | null;
  name: string;
  nameEng: string;
  nameTranslations: TranslationDrafts;
  price: string;
}

/** A text's German, French and Italian as typed; an empty one is not translated (decision 046). */
export type TranslationDrafts = Record<TranslationLanguage, string>;

const noTranslations = (): TranslationDrafts => ({ de: "", fr: "", it: "" });
const translationDrafts = (read: Translations): TranslationDrafts => ({
  de: read.de ?? "",
  fr: read.fr ?? "",
  it: read.it ?? "",
});

export type OptionListName = "preparationWays" | "basicIngredients" | "extraIngredients";
export const OPTION_LISTS: readonly OptionListName[] = ["preparationWays", "basicIngredients", "extraIngredients"];

/** The product editor's values as typed (prices in euros as text); converted to cents on the way out. */
export interface ProductDraft {
  name: string;
  nameEng: string;
  nameTranslations: TranslationDrafts;
  type: ProductType;
  description: string;
  descriptionEng: string;
  descriptionTranslations: TranslationDrafts;
  hasDineInPrice: boolean;
  price: string;
  hasTakeAwayPrice: boolean;
  takeAwayPrice: string;
  vatCategory: number;
  categoryId: number;
  preparationAreaId: number | null;
  allergens: Allergen[];
  preparationWays: OptionDraft[];
  basicIngredients: OptionDraft[];
  extraIngredients: OptionDraft[];
}

export function emptyProductDraft(categoryId = 0): ProductDraft {
  return {
    name: "",
    nameEng: "",
    nameTranslations: noTranslations(),
    type: "GOOD",
    description: "",
    descriptionEng: "",
    descriptionTranslations: noTranslations(),
    hasDineInPrice: true,
    price: "",
    hasTakeAwayPrice: false,
    takeAwayPrice: "",
    vatCategory: 1,
    categoryId,
    preparationAreaId: null,
    allergens: [],
    preparationWays: [],
    basicIngredients: [],
    extraIngredients: [],
  };
}

let newRows = 0;
/** An empty option row. */
export function newOptionDraft(): OptionDraft {
  newRows += 1;
  return { key: `new${newRows}`, id: null, name: "", nameEng: "", nameTranslations: noTranslations(), price: "" };
}

/** A typed price rounded to 2 decimals, as the field shows it once left (spec 3 §5). */
export function roundPriceText(text: string, mark: DecimalMark): string {
  return centsToAmountText(priceCents(text), mark);
}

/** A typed price in cents, or null when empty. */
export function priceCents(text: string): number | null {
  return text.trim() === "" ? null : eurosToCents(text);
}

/** A product read back as the editor's draft, its prices written with the reader's decimal mark. */
export function productToDraft(product: CrmProduct, mark: DecimalMark): ProductDraft {
  const options = (list: CrmProduct["preparationWays"]) =>
    list.map((o) => ({
      key: `o${o.id}`,
      id: o.id,
      name: o.name,
      nameEng: o.nameEng ?? "",
      nameTranslations: translationDrafts(o.nameTranslations),
      price: o.price ? centsToAmountText(o.price, mark) : "",
    }));
  return {
    name: product.name,
    nameEng: product.nameEng ?? "",
    nameTranslations: translationDrafts(product.nameTranslations),
    type: product.type,
    description: product.description ?? "",
    descriptionEng: product.descriptionEng ?? "",
    descriptionTranslations: translationDrafts(product.descriptionTranslations),
    hasDineInPrice: product.hasDineInPrice,
    price: product.hasDineInPrice ? centsToAmountText(product.price, mark) : "",
    hasTakeAwayPrice: product.hasTakeAwayPrice,
    takeAwayPrice: centsToAmountText(product.takeAwayPrice, mark),
    vatCategory: product.vatCategory,
    categoryId: product.categoryId ?? 0,
    preparationAreaId: product.preparationAreaId,
    allergens: [...product.allergens],
    preparationWays: options(product.preparationWays),
    basicIngredients: options(product.basicIngredients),
    extraIngredients: options(product.extraIngredients),
  };
}

/** The draft as the API's product form: prices in cents, empty texts left empty. */
export function draftToInput(draft: ProductDraft): ProductFormInput {
  const options = (list: OptionDraft[], priced: boolean) =>
    list.map((o) => ({
      ...(o.id != null ? { id: o.id } : {}),
      name: o.name,
      nameEng: o.nameEng,
      nameTranslations: o.nameTranslations,
      price: priced ? (priceCents(o.price) ?? 0) : 0,
    }));
  return {
    name: draft.name,
    nameEng: draft.nameEng,
    nameTranslations: draft.nameTranslations,
    type: draft.type,
    description: draft.description,
    descriptionEng: draft.descriptionEng,
    descriptionTranslations: draft.descriptionTranslations,
    hasDineInPrice: draft.hasDineInPrice,
    price: draft.hasDineInPrice ? priceCents(draft.price) : null,
    hasTakeAwayPrice: draft.hasTakeAwayPrice,
    takeAwayPrice: draft.hasTakeAwayPrice ? priceCents(draft.takeAwayPrice) : null,
    vatCategory: draft.vatCategory,
    categoryId: draft.categoryId,
    preparationAreaId: draft.preparationAreaId,
    allergens: draft.allergens,
    preparationWays: options(draft.preparationWays, true),
    basicIngredients: options(draft.basicIngredients, false),
    extraIngredients: options(draft.extraIngredients, true),
  };
}

/**
 * Every message key the domain's schema raises for this input, by dotted path
 * (`preparationWays.0.name`), the same paths the server's field errors name.
 */
export function pathErrors(schema: ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".");
    if (path && !errors[path]) errors[path] = issue.message;
  }
  return errors;
}

/** Fields of the translation tab: their errors send the user there. */
export function isTranslationPath(path: string): boolean {
  return /(?:^|\.)(?:name|description)(?:Eng|Translations\.\w+)$/.test(path);
}

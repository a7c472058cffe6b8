import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createPreparationAreaRequest, updatePreparationAreaRequest } from "./contracts/crm-preparation-areas.ts";
import {
  orderProductsRequest,
  productForm,
  productFormFor,
  saveCategoriesRequest,
  saveCategoriesRequestFor,
} from "./contracts/crm-products.ts";
import { shopSettingsForm } from "./contracts/crm-retailer.ts";
import { tableForm } from "./contracts/crm-tables.ts";
import { createWaiterRequest, updateWaiterRequest } from "./contracts/crm-waiters.ts";
import { setPasswordRuleFor } from "./contracts/operator.ts";
import { isValidationMessageKey, VALIDATION_MESSAGES } from "./validation-messages.ts";

/** The field errors a form would show: path → message key. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the waiter form (spec 3 §5)", () => {
  const waiter = { firstName: "Νίκος", lastName: "Παπάς", userName: "Nikos", password: "abcd", tableIds: [1, 2, 2] };

  it("accepts a complete waiter: username lower-cased, repeated tables once", () => {
    expect(createWaiterRequest.parse(waiter)).toEqual({ ...waiter, userName: "nikos", tableIds: [1, 2] });
  });

  it("requires first name, last name and username, missing or blank", () => {
    expect(errorsOf(createWaiterRequest, { password: "abcd" })).toEqual({
      firstName: "firstName.required",
      lastName: "lastName.required",
      userName: "username.required",
    });
    expect(errorsOf(createWaiterRequest, { ...waiter, firstName: " ", lastName: "", userName: "  " })).toEqual({
      firstName: "firstName.required",
      lastName: "lastName.required",
      userName: "username.required",
    });
  });

  it("refuses a username with spaces", () => {
    expect(errorsOf(createWaiterRequest, { ...waiter, userName: "nikos p" })).toEqual({ userName: "username.invalid" });
  });

  it("requires a password on create, longer than 3 characters", () => {
    expect(errorsOf(createWaiterRequest, { ...waiter, password: undefined })).toEqual({ password: "password.required" });
    expect(errorsOf(createWaiterRequest, { ...waiter, password: "" })).toEqual({ password: "password.required" });
    expect(errorsOf(createWaiterRequest, { ...waiter, password: "abc" })).toEqual({ password: "password.tooShort" });
    expect(errorsOf(createWaiterRequest, { ...waiter, password: "x".repeat(129) })).toEqual({ password: "password.tooLong" });
  });

  it("on edit, a password not sent (or sent empty) stays unchanged; a new one follows the rule", () => {
    const { password: _, ...edit } = waiter;
    expect(updateWaiterRequest.parse(edit).password).toBeUndefined();
    expect(updateWaiterRequest.parse({ ...edit, password: "" }).password).toBeUndefined();
    expect(updateWaiterRequest.parse({ ...edit, password: null }).password).toBeUndefined();
    expect(updateWaiterRequest.parse({ ...edit, password: "newpass" }).password).toBe("newpass");
    expect(errorsOf(updateWaiterRequest, { ...edit, password: "abc" })).toEqual({ password: "password.tooShort" });
  });

  it("refuses table ids that are not ids", () => {
    expect(errorsOf(createWaiterRequest, { ...waiter, tableIds: [0] })).toEqual({ "tableIds.0": "field.invalid" });
    expect(errorsOf(createWaiterRequest, { ...waiter, tableIds: "1" })).toEqual({ tableIds: "field.invalid" });
  });
});

describe("the table form", () => {
  it("requires label and code", () => {
    expect(errorsOf(tableForm, {})).toEqual({ label: "table.label.required", code: "table.code.required" });
    expect(errorsOf(tableForm, { label: " ", code: "" })).toEqual({ label: "table.label.required", code: "table.code.required" });
  });
  it("keeps codes to URL-safe characters", () => {
    expect(errorsOf(tableForm, { label: "1", code: "table 1" })).toEqual({ code: "table.code.invalid" });
    expect(errorsOf(tableForm, { label: "1", code: "x".repeat(65) })).toEqual({ code: "text.tooLong" });
  });
  it("defaults to in service with no waiters", () => {
    expect(tableForm.parse({ label: " 12 ", code: "t-12" })).toEqual({
      label: "12",
      code: "t-12",
      waiterIds: [],
      onService: true,
    });
  });
});

describe("the preparation area form", () => {
  const area = { name: "Κουζίνα", username: "Kitchen", password: "abcd", printerIp: "192.168.1.50" };
  it("accepts an area; an empty printer IP is none", () => {
    expect(createPreparationAreaRequest.parse(area)).toEqual({ ...area, username: "kitchen" });
    expect(createPreparationAreaRequest.parse({ ...area, printerIp: "" }).printerIp).toBeNull();
    expect(createPreparationAreaRequest.parse({ ...area, printerIp: undefined }).printerIp).toBeNull();
  });
  it("requires name, username and a password on create; checks the IP rule", () => {
    expect(errorsOf(createPreparationAreaRequest, { printerIp: "300.1.1.1" })).toEqual({
      name: "name.required",
      username: "username.required",
      password: "password.required",
      printerIp: "ip.invalid",
    });
  });
  it("on edit the password is optional", () => {
    expect(updatePreparationAreaRequest.parse({ ...area, password: undefined }).password).toBeUndefined();
    expect(errorsOf(updatePreparationAreaRequest, { ...area, password: "123" })).toEqual({ password: "password.tooShort" });
  });
});

describe("the product form", () => {
  const product = { name: "Σουβλάκι", categoryId: 3, price: 1100 };

  it("fills the defaults: dine-in priced, a good, VAT category 1, waiter service", () => {
    expect(productForm.parse(product)).toMatchObject({
      name: "Σουβλάκι",
      nameEng: null,
      type: "GOOD",
      hasDineInPrice: true,
      price: 1100,
      hasTakeAwayPrice: false,
      takeAwayPrice: null,
      vatCategory: 1,
      preparationAreaId: null,
      allergens: [],
      preparationWays: [],
    });
  });

  it("requires a title and a menu section (0 means none)", () => {
    expect(errorsOf(productForm, { price: 100 })).toEqual({
      name: "product.name.required",
      categoryId: "product.category.required",
    });
    expect(errorsOf(productForm, { ...product, name: "  ", categoryId: 0 })).toEqual({
      name: "product.name.required",
      categoryId: "product.category.required",
    });
  });

  it("requires the dine-in price only while the dine-in flag is on; empty becomes 0", () => {
    expect(errorsOf(productForm, { ...product, price: null })).toEqual({ price: "product.price.required" });
    expect(productForm.parse({ ...product, price: null, hasDineInPrice: false }).price).toBe(0);
  });

  it("requires the take-away price while the take-away flag is on, and drops it when off", () => {
    expect(errorsOf(productForm, { ...product, hasTakeAwayPrice: true })).toEqual({
      takeAwayPrice: "product.takeAwayPrice.required",
    });
    expect(productForm.parse({ ...product, hasTakeAwayPrice: false, takeAwayPrice: 500 }).takeAwayPrice).toBeNull();
  });

  it("prices are whole, non-negative cents", () => {
    expect(errorsOf(productForm, { ...product, price: 10.5 })).toEqual({ price: "price.invalid" });
    expect(errorsOf(productForm, { ...product, price: -1 })).toEqual({ price: "price.invalid" });
    expect(errorsOf(productForm, { ...product, price: "10" })).toEqual({ price: "price.invalid" });
  });

  it("every option needs a name; basic ingredients never cost anything", () => {
    const parsed = productForm.parse({
      ...product,
      basicIngredients: [{ name: "Κρεμμύδι", price: 50 }],
      extraIngredients: [{ id: 7, name: "Πίτα", price: 50 }],
    });
    expect(parsed.basicIngredients).toEqual([{ name: "Κρεμμύδι", nameEng: null, nameTranslations: {}, price: 0 }]);
    expect(parsed.extraIngredients).toEqual([{ id: 7, name: "Πίτα", nameEng: null, nameTranslations: {}, price: 50 }]);
  });

  it("keeps German, French and Italian translations trimmed, leaving the blank ones out (decision 046)", () => {
    const parsed = productForm.parse({
      ...product,
      nameTranslations: { de: " Bauernsalat ", fr: "  ", it: null },
      extraIngredients: [{ name: "Πίτα", nameTranslations: { it: "Pita" }, price: 50 }],
    });
    expect(parsed.nameTranslations).toEqual({ de: "Bauernsalat" });
    expect(parsed.descriptionTranslations).toEqual({});
    expect(parsed.extraIngredients[0].nameTranslations).toEqual({ it: "Pita" });
    expect(
      errorsOf(productForm, { ...product, preparationWays: [{ name: "" }], extraIngredients: [{ name: "x", price: 0.5 }] }),
    ).toEqual({ "preparationWays.0.name": "name.required", "extraIngredients.0.price": "price.invalid" });
  });

  it("knows the VAT categories, the product types and the 14 allergens", () => {
    expect(errorsOf(productForm, { ...product, vatCategory: 9, type: "FOOD", allergens: ["milk", "bacon"] })).toEqual({
      vatCategory: "vatCategory.invalid",
      type: "field.invalid",
      "allergens.1": "field.invalid",
    });
    expect(productForm.parse({ ...product, allergens: ["milk", "milk", "eggs"] }).allergens).toEqual(["milk", "eggs"]);
  });

  it("while the venue translates, every English text is required", () => {
    const form = {
      ...product,
      nameEng: "",
      description: "Χοιρινό",
      extraIngredients: [{ name: "Πίτα", nameEng: "Pitta" }, { name: "Αυγό" }],
    };
    expect(errorsOf(productFormFor({ translationsActive: false }), form)).toEqual({});
    expect(errorsOf(productFormFor({ translationsActive: true }), form)).toEqual({
      nameEng: "translation.required",
      descriptionEng: "translation.required",
      "extraIngredients.1.nameEng": "translation.required",
    });
  });
});

describe("the category list", () => {
  it("needs a name per category, and its translation while the venue translates", () => {
    const list = [{ id: 1, name: "Σαλάτες", nameEng: "Salads" }, { name: "" }, { name: "Ποτά" }];
    expect(errorsOf(saveCategoriesRequest, list)).toEqual({ "1.name": "name.required" });
    expect(errorsOf(saveCategoriesRequestFor({ translationsActive: true }), list)).toEqual({
      "1.name": "name.required",
      "1.nameEng": "translation.required",
      "2.nameEng": "translation.required",
    });
  });
  it("the reorder call names a category and at least one product", () => {
    expect(orderProductsRequest.safeParse({ productIds: [], categoryId: 1 }).success).toBe(false);
    expect(orderProductsRequest.parse({ productIds: [3, 1], categoryId: 1 })).toEqual({ productIds: [3, 1], categoryId: 1 });
  });
});

describe("shop settings (spec 3 §5)", () => {
  const settings = {
    name: "Ταβέρνα",
    nameEng: "",
    type: "RESTAURANT",
    mainCuisine: "GREEK",
    secondaryCuisine: [2, 1, 2],
    translationsActive: false,
    printerIp: "",
    autoPrintActive: false,
    firstName: "Μαρία",
    lastName: "Κ.",
    username: "Admin",
  };

  it("accepts the settings; secondary cuisines once each, in order; password untouched", () => {
    expect(shopSettingsForm.parse(settings)).toEqual({
      ...settings,
      nameEng: null,
      secondaryCuisine: [1, 2],
      printerIp: null,
      printServiceUrl: null,
      googleReviewUrl: null,
      username: "admin",
      password: undefined,
    });
    expect(shopSettingsForm.parse({ ...settings, secondaryCuisine: undefined }).secondaryCuisine).toEqual([]);
  });

  it("keeps the Google review link only as an https address (issue 32)", () => {
    const link = "https://g.page/r/venue/review";
    expect(shopSettingsForm.parse({ ...settings, googleReviewUrl: ` ${link} ` }).googleReviewUrl).toBe(link);
    expect(shopSettingsForm.parse({ ...settings, googleReviewUrl: "" }).googleReviewUrl).toBeNull();
    expect(errorsOf(shopSettingsForm, { ...settings, googleReviewUrl: "http://g.page/r/venue" })).toEqual({
      googleReviewUrl: "googleReviewUrl.invalid",
    });
  });

  it("requires the name, a type, a main cuisine and the administrator's names", () => {
    expect(
      errorsOf(shopSettingsForm, {
        ...settings,
        name: "",
        type: null,
        mainCuisine: "",
        firstName: "",
        lastName: " ",
        username: "",
      }),
    ).toEqual({
      name: "retailer.name.required",
      type: "retailer.type.required",
      mainCuisine: "retailer.mainCuisine.required",
      firstName: "firstName.required",
      lastName: "lastName.required",
      username: "username.required",
    });
  });

  it("requires the English name while translations are on", () => {
    expect(errorsOf(shopSettingsForm, { ...settings, translationsActive: true })).toEqual({
      nameEng: "retailer.nameEng.required",
    });
  });

  it("checks the printer IP, required while automatic printing is on", () => {
    expect(errorsOf(shopSettingsForm, { ...settings, printerIp: "192.168.1" })).toEqual({ printerIp: "ip.invalid" });
    expect(errorsOf(shopSettingsForm, { ...settings, autoPrintActive: true })).toEqual({ printerIp: "ip.requiredForAutoPrint" });
    expect(shopSettingsForm.safeParse({ ...settings, autoPrintActive: true, printerIp: "10.0.0.9" }).success).toBe(true);
  });

  it("says the printer IP and the English name are missing together with every other error", () => {
    const broken = { ...settings, name: "", type: "", username: "x y", autoPrintActive: true, translationsActive: true };
    expect(errorsOf(shopSettingsForm, broken)).toMatchObject({
      name: "retailer.name.required",
      type: "retailer.type.required",
      printerIp: "ip.requiredForAutoPrint",
      nameEng: "retailer.nameEng.required",
    });
  });

  it("checks secondary cuisines, the print agent address and the optional password", () => {
    expect(
      errorsOf(shopSettingsForm, { ...settings, secondaryCuisine: [5], printServiceUrl: "http://x", password: "abc" }),
    ).toEqual({
      "secondaryCuisine.0": "retailer.secondaryCuisine.invalid",
      printServiceUrl: "printServiceUrl.invalid",
      password: "password.tooShort",
    });
  });
});

describe("a password set through a one-time link (issue 18)", () => {
  it("follows the spec's rule for a venue's account, and needs 12 characters for the platform operator", () => {
    expect(errorsOf(setPasswordRuleFor(false), { password: "abcd" })).toEqual({});
    expect(errorsOf(setPasswordRuleFor(false), { password: "abc" })).toEqual({ password: "password.tooShort" });
    expect(errorsOf(setPasswordRuleFor(true), { password: "eleven-char" })).toEqual({ password: "password.tooShortForOperator" });
    expect(errorsOf(setPasswordRuleFor(true), { password: "twelve-chars" })).toEqual({});
    expect(errorsOf(setPasswordRuleFor(true), { password: "" })).toEqual({ password: "password.required" });
  });
});

describe("validation messages", () => {
  it("quote the spec's Greek wording exactly", () => {
    expect(VALIDATION_MESSAGES["password.required"].el).toBe("Απαιτείται συμπλήρωση κωδικού");
    expect(VALIDATION_MESSAGES["password.tooShort"].el).toBe("Ο κωδικός πρέπει να περιέχει περισσότερους από 3 χαρακτήρες");
    expect(VALIDATION_MESSAGES["ip.invalid"].el).toBe("Η IP του εκτυπωτή δεν είναι σωστή");
    expect(VALIDATION_MESSAGES["ip.requiredForAutoPrint"].el).toBe(
      "Απαιτείται συμπλήρωση της IP όταν η αυτόματη εκτύπωση είναι ενεργή",
    );
    expect(VALIDATION_MESSAGES["retailer.name.required"].el).toBe("Απαιτείται συμπλήρωση εμπορικής επωνυμίας");
    expect(VALIDATION_MESSAGES["table.label.required"].el).toBe("Απαιτείται συμπλήρωση αριθμού");
    expect(VALIDATION_MESSAGES["table.code.required"].el).toBe("Απαιτείται συμπλήρωση table URL");
    expect(VALIDATION_MESSAGES["product.name.required"].el).toBe("Απαιτείται συμπλήρωση τίτλου");
    expect(VALIDATION_MESSAGES["product.price.required"].el).toBe("Απαιτείται συμπλήρωση τιμής");
    expect(VALIDATION_MESSAGES["product.category.required"].el).toBe("Απαιτείται συμπλήρωση ενότητας μενού");
    expect(VALIDATION_MESSAGES["name.required"].el).toBe("Απαιτείται συμπλήρωση ονομασίας");
    expect(VALIDATION_MESSAGES["firstName.required"].el).toBe("Απαιτείται συμπλήρωση ονόματος");
    expect(VALIDATION_MESSAGES["lastName.required"].el).toBe("Απαιτείται συμπλήρωση επωνύμου");
    expect(VALIDATION_MESSAGES["username.required"].el).toBe("Απαιτείται συμπλήρωση ονόματος χρήστη");
    expect(VALIDATION_MESSAGES["product.availability.priceRequired"].el).toBe(
      "Απαιτείται συμπλήρωση τιμής για ενεργοποίηση διαθεσιμότητας",
    );
  });

  it("have Greek and English for every key", () => {
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(text.el.trim(), key).not.toBe("");
      expect(text.en.trim(), key).not.toBe("");
    }
  });

  it("cover every key the crm contracts name", () => {
    const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "contracts");
    const used = new Set<string>();
    for (const file of readdirSync(folder).filter((f) => f.startsWith("crm-"))) {
      const source = readFileSync(path.join(folder, file), "utf8");
      for (const match of source.matchAll(/(?:error|message|requiredText\(|key\(|stop\():?\s*"([^"]+)"/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !isValidationMessageKey(key))).toEqual([]);
  });
});

import { z } from "zod";
import { MAIN_CUISINE_CODES, MENU_LANGUAGES, RETAILER_TYPES } from "../enums.ts";
import { isBlank, isValidSecondaryCuisine } from "../validators.ts";
import {
  changedPasswordField,
  googleReviewUrlField,
  optionalText,
  printerIpField,
  printServiceUrlField,
  requiredText,
  usernameField,
  whenParsed,
} from "./crm-fields.ts";

/** A venue's menu languages beside Greek, in the list's order, each once. */
const menuLanguagesField = z
  .array(z.enum(MENU_LANGUAGES, { error: "field.invalid" }), { error: "field.invalid" })
  .optional()
  .transform((list) => (list ? MENU_LANGUAGES.filter((language) => list.includes(language)) : undefined));

/**
 * Shop settings (spec 3 §3, §5) in its three groups: the shop, the cash desk (printer, automatic
 * printing, print agent) and the administrator who edits them. `bigLettersActive` stays in the
 * browser and is not part of it.
 */
export const shopSettingsForm = z
  .object({
    name: requiredText("retailer.name.required"),
    nameEng: optionalText(),
    type: z.enum(RETAILER_TYPES, { error: "retailer.type.required" }),
    mainCuisine: z.enum(MAIN_CUISINE_CODES, { error: "retailer.mainCuisine.required" }),
    secondaryCuisine: z
      .array(
        z.number({ error: "retailer.secondaryCuisine.invalid" }).refine(isValidSecondaryCuisine, {
          message: "retailer.secondaryCuisine.invalid",
        }),
        { error: "retailer.secondaryCuisine.invalid" },
      )
      .nullish()
      .transform((list) => [...new Set(list ?? [])].sort((a, b) => a - b)),
    translationsActive: z.boolean({ error: "field.invalid" }).default(false),
    /** The languages the menu is offered in beside Greek (decision 046); left out, it stays as it was. */
    menuLanguages: menuLanguagesField,
    printerIp: printerIpField,
    autoPrintActive: z.boolean({ error: "field.invalid" }).default(false),
    printServiceUrl: printServiceUrlField,
    /** Offered to a guest after a 5-star rating (issue 32); never shown before. */
    googleReviewUrl: googleReviewUrlField,
    firstName: requiredText("firstName.required"),
    lastName: requiredText("lastName.required"),
    username: usernameField,
    /** Left untouched it is not sent and stays as it was. */
    password: changedPasswordField,
  })
  .superRefine(
    (form, ctx) => {
      if (form.translationsActive && isBlank(form.nameEng))
        ctx.addIssue({ code: "custom", path: ["nameEng"], message: "retailer.nameEng.required" });
      if (form.autoPrintActive && form.printerIp == null)
        ctx.addIssue({ code: "custom", path: ["printerIp"], message: "ip.requiredForAutoPrint" });
    },
    whenParsed("translationsActive", "nameEng", "autoPrintActive", "printerIp"),
  );
export type ShopSettingsInput = z.input<typeof shopSettingsForm>;
export type ShopSettingsForm = z.output<typeof shopSettingsForm>;

/** The shop settings as read: the form's fields without the password. */
export const shopSettings = z.object({
  id: z.number(),
  name: z.string(),
  nameEng: z.string().nullable(),
  type: z.string(),
  mainCuisine: z.string().nullable(),
  secondaryCuisine: z.array(z.number()),
  translationsActive: z.boolean(),
  menuLanguages: z.array(z.enum(MENU_LANGUAGES)),
  printerIp: z.string().nullable(),
  autoPrintActive: z.boolean(),
  printServiceUrl: z.string().nullable(),
  googleReviewUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
});
export type ShopSettings = z.infer<typeof shopSettings>;

/** GET api/crm/retailer/types: the venue categories (spec 3 §3); the web names them. */
export const retailerTypes = z.array(z.enum(RETAILER_TYPES));

/** GET api/home-page/cuisine-types: main cuisines by code with their Greek and English names. */
export const cuisineType = z.object({ code: z.string(), name: z.string(), nameEng: z.string() });
export const cuisineTypes = z.array(cuisineType);
export const cuisineTypesQuery = z.object({ all: z.string().optional() });

/**
 * GET api/crm/setup-checklist: the first-run guide of a new venue (issue 18), each step true once
 * the venue's own data shows it done, so the list ticks itself.
 */
export const setupChecklist = z.object({
  /** The shop settings were saved (a new venue has no main cuisine until then). */
  shopDetails: z.boolean(),
  categoryAndProduct: z.boolean(),
  preparationArea: z.boolean(),
  /** A table exists and the QR sheet of the tables was opened to print. */
  tablesAndQrSheet: z.boolean(),
  waiter: z.boolean(),
  /** The invoicing settings were saved. */
  invoicing: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;

/** Values fixed by the spec; both server and web read them from here. */

export const AUTHORITIES = [
  "ROLE_ADMIN",
  "ROLE_USER",
  "ROLE_ANONYMOUS",
  "ROLE_MANAGER",
  "ROLE_EMPLOYEE",
  "ROLE_PREPARATION_AREA",
  "ROLE_CASH_DESK",
] as const;
export type Authority = (typeof AUTHORITIES)[number];

export const ORDER_PRODUCT_STATUSES = ["SENT", "PREPARED", "COMPLETE"] as const;
export type OrderProductStatus = (typeof ORDER_PRODUCT_STATUSES)[number];

export const PAYMENT_STATUSES = ["PAID", "UNPAID", "GIFT", "CANCELLED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SERVICE_MODES = ["DINE_IN", "TAKE_AWAY", "DELIVERY"] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];

export const SENDER_TYPES = ["WAITER", "CLIENT", "CASH_DESK"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

export const RETAILER_TYPES = ["SHOP", "RESTAURANT", "COMFORT_FOOD", "TAKE_AWAY", "CAFE", "BAR", "POPULAR", "NEW"] as const;
export type RetailerType = (typeof RETAILER_TYPES)[number];

/** Secondary cuisines are a fixed list keyed by number (spec 1 §3). */
export const SECONDARY_CUISINES = { 1: "seafood", 2: "meat", 3: "vegan", 4: "brunch" } as const;

export const PRODUCT_TYPES = ["GOOD", "SERVICE"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_OPTION_KINDS = ["PREPARATION_WAY", "BASIC_INGREDIENT", "EXTRA_INGREDIENT"] as const;
export type ProductOptionKind = (typeof PRODUCT_OPTION_KINDS)[number];

export const WAITER_REQUEST_TYPES = [
  "PAYMENT",
  "PAYMENT_WITH_POS",
  "PARTIAL_PAYMENT",
  "PARTIAL_PAYMENT_WITH_POS",
  "PREPARATION_AREA_PICKUP",
  "SERVICE",
  "WAITER_CALL",
  "PAYMENT_NOTIFICATION",
] as const;
export type WaiterRequestType = (typeof WAITER_REQUEST_TYPES)[number];

/** The waiter tasks that are a guest's request to pay through the waiter. */
export const PAYMENT_REQUEST_TYPES: readonly WaiterRequestType[] = [
  "PAYMENT",
  "PAYMENT_WITH_POS",
  "PARTIAL_PAYMENT",
  "PARTIAL_PAYMENT_WITH_POS",
];

export const PAYMENT_METHODS = ["CASH", "CARD", "CREDIT", "NO_PAYMENT"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_TYPES = ["FULL", "PARTIAL", "GIFT", "TABLE_TRANSFER"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The EU's 14 allergens that must be declared (Regulation 1169/2011, Annex II). */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const LANGUAGES = ["el", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "el";

/**
 * The languages the guest side speaks: its own texts (buttons, notices, errors) exist in each. The
 * venue's content (menu names, descriptions) exists only in LANGUAGES, so a guest reading German
 * gets the menu in its content language (decision 045).
 */
export const UI_LANGUAGES = ["el", "en", "de", "fr", "it"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === "string" && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The content language a guest reading `lang` is served: its own if it is one, else English. */
export function contentLanguage(lang: UiLanguage): Language {
  return lang === "el" ? "el" : "en";
}

/**
 * The first supported language among a browser's preferred ones ("de-DE", "fr", "en-GB;q=0.8", in
 * order of preference: navigator.languages, or the tags of an Accept-Language header); none when no
 * tag is one of ours.
 */
export function firstSupportedLanguage(tags: readonly string[]): UiLanguage | null {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isUiLanguage(primary)) return primary;
  }
  return null;
}

/** The tags of an Accept-Language header in order of preference (by q, then as written). */
export function acceptLanguageTags(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== "" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * VAT categories as myDATA numbers them, with their rate in percent. The spec's rate choices are
 * 4, 6, 9, 13, 17 and 24, the default 24 (category 1).
 */
export const VAT_CATEGORIES = { 1: 24, 2: 13, 3: 6, 4: 17, 5: 9, 6: 4 } as const;
export type VatCategory = keyof typeof VAT_CATEGORIES;
export const DEFAULT_VAT_CATEGORY: VatCategory = 1;

/**
 * A venue's main cuisine (spec 3 §3 leaves the list open): stored as the code, shown by name in
 * the guest's language.
 */
export const MAIN_CUISINES = [
  { code: "GREEK", name: "Ελληνική", nameEng: "Greek" },
  { code: "CRETAN", name: "Κρητική", nameEng: "Cretan" },
  { code: "MEDITERRANEAN", name: "Μεσογειακή", nameEng: "Mediterranean" },
  { code: "MEZE", name: "Μεζεδοπωλείο", nameEng: "Meze" },
  { code: "SEAFOOD", name: "Ψαρικά - Θαλασσινά", nameEng: "Fish & seafood" },
  { code: "GRILL", name: "Ψητά - Σχάρα", nameEng: "Grill" },
  { code: "SOUVLAKI", name: "Σουβλάκι - Γύρος", nameEng: "Souvlaki & gyros" },
  { code: "STREET_FOOD", name: "Φαγητό δρόμου", nameEng: "Street food" },
  { code: "BURGER", name: "Burger", nameEng: "Burgers" },
  { code: "PIZZA", name: "Πίτσα", nameEng: "Pizza" },
  { code: "ITALIAN", name: "Ιταλική", nameEng: "Italian" },
  { code: "INTERNATIONAL", name: "Διεθνής", nameEng: "International" },
  { code: "ASIAN", name: "Ασιατική", nameEng: "Asian" },
  { code: "CHINESE", name: "Κινέζικη", nameEng: "Chinese" },
  { code: "JAPANESE", name: "Ιαπωνική - Σούσι", nameEng: "Japanese & sushi" },
  { code: "INDIAN", name: "Ινδική", nameEng: "Indian" },
  { code: "MEXICAN", name: "Μεξικάνικη", nameEng: "Mexican" },
  { code: "MIDDLE_EASTERN", name: "Μεσανατολική", nameEng: "Middle Eastern" },
  { code: "VEGETARIAN", name: "Χορτοφαγική", nameEng: "Vegetarian" },
  { code: "COFFEE", name: "Καφές - Ροφήματα", nameEng: "Coffee & drinks" },
  { code: "BAKERY", name: "Αρτοποιείο - Ζαχαροπλαστείο", nameEng: "Bakery & pastry" },
  { code: "DESSERTS", name: "Γλυκά - Παγωτό", nameEng: "Desserts & ice cream" },
  { code: "BAR", name: "Ποτά - Κοκτέιλ", nameEng: "Drinks & cocktails" },
] as const;
export type MainCuisine = (typeof MAIN_CUISINES)[number]["code"];
export const MAIN_CUISINE_CODES = MAIN_CUISINES.map((c) => c.code) as [MainCuisine, ...MainCuisine[]];

/** The name of a stored main cuisine in a language; a value that is not a code is shown as stored. */
export function mainCuisineName(stored: string | null, lang: Language): string | null {
  const cuisine = MAIN_CUISINES.find((c) => c.code === stored);
  if (!cuisine) return stored;
  return lang === "en" ? cuisine.nameEng : cuisine.name;
}

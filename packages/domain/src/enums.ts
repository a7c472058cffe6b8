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
 * The languages the guest side speaks: its own texts (buttons, notices, errors) exist in each, and
 * the venue's menu is read in each, falling back where the venue has not translated it (decisions
 * 045, 046). LANGUAGES are the languages of what exists in Greek and English only: the public
 * site, the legal texts, the staff screens.
 */
export const UI_LANGUAGES = ["el", "en", "de", "fr", "it"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === "string" && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The language of the Greek-and-English-only texts (site, legal, staff) a reader of `lang` gets. */
export function siteLanguage(lang: UiLanguage): Language {
  return lang === "el" ? "el" : "en";
}

/**
 * The languages a venue may offer its menu in beside Greek, which it always offers (decision 046).
 * English is kept in the spec's `nameEng`-style fields; the others in `*Translations` maps.
 */
export const MENU_LANGUAGES = ["en", "de", "fr", "it"] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];
export const TRANSLATION_LANGUAGES = ["de", "fr", "it"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
/** A venue's own wording in German, French or Italian; a language without an entry is not translated. */
export type Translations = Partial<Record<TranslationLanguage, string>>;

export function isTranslationLanguage(value: unknown): value is TranslationLanguage {
  return typeof value === "string" && (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
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
 * the guest's language (German, French and Italian for guests only: decision 046).
 */
export const MAIN_CUISINES = [
  { code: "GREEK", name: "Ελληνική", nameEng: "Greek", translations: { de: "Griechisch", fr: "Grecque", it: "Greca" } },
  { code: "CRETAN", name: "Κρητική", nameEng: "Cretan", translations: { de: "Kretisch", fr: "Crétoise", it: "Cretese" } },
  {
    code: "MEDITERRANEAN",
    name: "Μεσογειακή",
    nameEng: "Mediterranean",
    translations: { de: "Mediterran", fr: "Méditerranéenne", it: "Mediterranea" },
  },
  { code: "MEZE", name: "Μεζεδοπωλείο", nameEng: "Meze", translations: { de: "Meze", fr: "Mezzés", it: "Mezze" } },
  {
    code: "SEAFOOD",
    name: "Ψαρικά - Θαλασσινά",
    nameEng: "Fish & seafood",
    translations: { de: "Fisch & Meeresfrüchte", fr: "Poissons & fruits de mer", it: "Pesce & frutti di mare" },
  },
  { code: "GRILL", name: "Ψητά - Σχάρα", nameEng: "Grill", translations: { de: "Grill", fr: "Grillades", it: "Grigliata" } },
  {
    code: "SOUVLAKI",
    name: "Σουβλάκι - Γύρος",
    nameEng: "Souvlaki & gyros",
    translations: { de: "Souvlaki & Gyros", fr: "Souvlaki & gyros", it: "Souvlaki & gyros" },
  },
  {
    code: "STREET_FOOD",
    name: "Φαγητό δρόμου",
    nameEng: "Street food",
    translations: { de: "Streetfood", fr: "Street food", it: "Cibo di strada" },
  },
  { code: "BURGER", name: "Burger", nameEng: "Burgers", translations: { de: "Burger", fr: "Burgers", it: "Hamburger" } },
  { code: "PIZZA", name: "Πίτσα", nameEng: "Pizza", translations: { de: "Pizza", fr: "Pizza", it: "Pizza" } },
  { code: "ITALIAN", name: "Ιταλική", nameEng: "Italian", translations: { de: "Italienisch", fr: "Italienne", it: "Italiana" } },
  {
    code: "INTERNATIONAL",
    name: "Διεθνής",
    nameEng: "International",
    translations: { de: "International", fr: "Internationale", it: "Internazionale" },
  },
  { code: "ASIAN", name: "Ασιατική", nameEng: "Asian", translations: { de: "Asiatisch", fr: "Asiatique", it: "Asiatica" } },
  { code: "CHINESE", name: "Κινέζικη", nameEng: "Chinese", translations: { de: "Chinesisch", fr: "Chinoise", it: "Cinese" } },
  {
    code: "JAPANESE",
    name: "Ιαπωνική - Σούσι",
    nameEng: "Japanese & sushi",
    translations: { de: "Japanisch & Sushi", fr: "Japonaise & sushis", it: "Giapponese & sushi" },
  },
  { code: "INDIAN", name: "Ινδική", nameEng: "Indian", translations: { de: "Indisch", fr: "Indienne", it: "Indiana" } },
  {
    code: "MEXICAN",
    name: "Μεξικάνικη",
    nameEng: "Mexican",
    translations: { de: "Mexikanisch", fr: "Mexicaine", it: "Messicana" },
  },
  {
    code: "MIDDLE_EASTERN",
    name: "Μεσανατολική",
    nameEng: "Middle Eastern",
    translations: { de: "Nahöstlich", fr: "Moyen-orientale", it: "Mediorientale" },
  },
  {
    code: "VEGETARIAN",
    name: "Χορτοφαγική",
    nameEng: "Vegetarian",
    translations: { de: "Vegetarisch", fr: "Végétarienne", it: "Vegetariana" },
  },
  {
    code: "COFFEE",
    name: "Καφές - Ροφήματα",
    nameEng: "Coffee & drinks",
    translations: { de: "Kaffee & Getränke", fr: "Café & boissons", it: "Caffè & bevande" },
  },
  {
    code: "BAKERY",
    name: "Αρτοποιείο - Ζαχαροπλαστείο",
    nameEng: "Bakery & pastry",
    translations: { de: "Bäckerei & Konditorei", fr: "Boulangerie & pâtisserie", it: "Panetteria & pasticceria" },
  },
  {
    code: "DESSERTS",
    name: "Γλυκά - Παγωτό",
    nameEng: "Desserts & ice cream",
    translations: { de: "Desserts & Eis", fr: "Desserts & glaces", it: "Dolci & gelati" },
  },
  {
    code: "BAR",
    name: "Ποτά - Κοκτέιλ",
    nameEng: "Drinks & cocktails",
    translations: { de: "Drinks & Cocktails", fr: "Boissons & cocktails", it: "Drink & cocktail" },
  },
] as const;
export type MainCuisine = (typeof MAIN_CUISINES)[number]["code"];
export const MAIN_CUISINE_CODES = MAIN_CUISINES.map((c) => c.code) as [MainCuisine, ...MainCuisine[]];

/**
 * The name of a stored main cuisine in a language (the guest's five; the back office's two); a
 * value that is not a code is shown as stored.
 */
export function mainCuisineName(stored: string | null, lang: UiLanguage): string | null {
  const cuisine = MAIN_CUISINES.find((c) => c.code === stored);
  if (!cuisine) return stored;
  if (lang === "el") return cuisine.name;
  return lang === "en" ? cuisine.nameEng : cuisine.translations[lang];
}

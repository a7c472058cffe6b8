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

import type { MenuLanguage, Translations } from "@tableorder/domain/enums";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The whole domain, multi-venue from the start: every venue-owned row carries retailer_id,
 * money is integer cents, times are UTC (timestamptz).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const retailers = pgTable("retailers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  nameEng: text("name_eng"),
  type: text("type").notNull().default("RESTAURANT"),
  mainCuisine: text("main_cuisine"),
  secondaryCuisine: jsonb("secondary_cuisine").$type<number[]>().notNull().default([]),
  thumbnailUrl: text("thumbnail_url"),
  translationsActive: boolean("translations_active").notNull().default(false),
  /** The languages the menu is offered in beside Greek, in MENU_LANGUAGES order (decision 046). */
  menuLanguages: jsonb("menu_languages").$type<MenuLanguage[]>().notNull().default(["en"]),
  printerIp: text("printer_ip"),
  autoPrintActive: boolean("auto_print_active").notNull().default(false),
  /** Where the venue's print agent listens (ws://host:port), as the preparation screens reach it. */
  printServiceUrl: text("print_service_url"),
  /** Whether waiters see every table's tasks or only the tables they supervise. */
  waitersSeeAllTables: boolean("waiters_see_all_tables").notNull().default(false),
  invoicingEnabled: boolean("invoicing_enabled").notNull().default(false),
  invoicing: jsonb("invoicing").$type<Record<string, string | null>>().notNull().default({}),
  /** While invoicing is on, each sent order gets its own order slip (8.6), not only the bill. */
  orderSlipOnEveryOrder: boolean("order_slip_on_every_order").notNull().default(false),
  /** The venue's myDATA user id and subscription key, AES-256-GCM sealed (lib/secret-box.ts); never answered. */
  mydataCredentials: text("mydata_credentials"),
  /** Last kitchen ticket number handed out; bumped under the row lock so numbers never repeat. */
  ticketSeq: integer("ticket_seq").notNull().default(0),
  /**
   * Set by the platform operator (issue 18): the venue's staff cannot sign in and its tables seat
   * no new guest. Nothing is deleted; clearing it brings the venue back as it was.
   */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** When the administrator first opened the tables' printed QR sheet (the first-run checklist). */
  qrSheetOpenedAt: timestamp("qr_sheet_opened_at", { withTimezone: true }),
  /**
   * When a screen of the venue first printed through a print agent (claimed or marked a ticket or
   * document): until then the till keeps quiet about documents waiting to print.
   */
  printServiceSeenAt: timestamp("print_service_seen_at", { withTimezone: true }),
  /** The venue's Google review page (https), offered to a guest who rated a visit 5 stars. */
  googleReviewUrl: text("google_review_url"),
  createdAt: createdAt(),
});

export const preparationAreas = pgTable(
  "preparation_areas",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    name: text("name").notNull(),
    printerIp: text("printer_ip"),
    active: boolean("active").notNull().default(true),
    autoPrint: boolean("auto_print").notNull().default(false),
    /** Minutes after which a ticket shows as waiting long, then as late. */
    ageWarnMinutes: integer("age_warn_minutes").notNull().default(10),
    ageLateMinutes: integer("age_late_minutes").notNull().default(20),
    /** Soft delete: tickets and ordered units keep pointing at the area they were made in. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("preparation_areas_retailer_name").on(t.retailerId, t.name).where(sql`deleted_at is null`)],
);

/**
 * Staff and guests alike. Usernames are global because staff sign in without naming a venue; a
 * deleted account frees its username (it can no longer sign in), so the index counts live rows only.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id").references(() => retailers.id),
    role: text("role").notNull(),
    login: text("login").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    imageUrl: text("image_url"),
    langKey: text("lang_key").notNull().default("el"),
    activated: boolean("activated").notNull().default(true),
    anonymous: boolean("anonymous").notNull().default(false),
    preparationAreaId: integer("preparation_area_id").references(() => preparationAreas.id),
    identityProvider: text("identity_provider"),
    identitySubject: text("identity_subject"),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_login").on(t.login).where(sql`deleted_at is null`),
    uniqueIndex("users_identity").on(t.identityProvider, t.identitySubject),
    index("users_retailer").on(t.retailerId),
  ],
);

/** A service point: a table, or a take-away ticket opened by the cash desk. Codes are global (URL). */
export const diningTables = pgTable(
  "dining_tables",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    kind: text("kind").notNull().default("TABLE"),
    label: text("label").notNull(),
    code: text("code").notNull(),
    onService: boolean("on_service").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** A take-away's business day (Europe/Athens): its label is unique within the venue that day. */
    businessDay: date("business_day", { mode: "string" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A deleted table frees its code, so a reprinted QR code can carry it again.
    uniqueIndex("dining_tables_code").on(t.code).where(sql`deleted_at is null`),
    uniqueIndex("dining_tables_table_label").on(t.retailerId, t.label).where(sql`deleted_at is null and kind = 'TABLE'`),
    uniqueIndex("dining_tables_take_away_label")
      .on(t.retailerId, t.businessDay, t.label)
      .where(sql`deleted_at is null and kind = 'TAKE_AWAY'`),
  ],
);

/**
 * The last take-away number handed out per venue and business day: one atomic upsert numbers a
 * new take-away, so two tills creating one at the same moment never get the same label.
 */
export const takeAwayCounters = pgTable(
  "take_away_counters",
  {
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    businessDay: date("business_day", { mode: "string" }).notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.retailerId, t.businessDay] })],
);

export const tableWaiters = pgTable(
  "table_waiters",
  {
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] })],
);

export const productCategories = pgTable(
  "product_categories",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    name: text("name").notNull(),
    nameEng: text("name_eng"),
    /** German, French and Italian beside name_eng (decision 046). */
    nameTranslations: jsonb("name_translations").$type<Translations>().notNull().default({}),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("product_categories_retailer").on(t.retailerId)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    categoryId: integer("category_id").references(() => productCategories.id),
    name: text("name").notNull(),
    nameEng: text("name_eng"),
    nameTranslations: jsonb("name_translations").$type<Translations>().notNull().default({}),
    description: text("description"),
    descriptionEng: text("description_eng"),
    descriptionTranslations: jsonb("description_translations").$type<Translations>().notNull().default({}),
    type: text("type").notNull().default("GOOD"),
    priceCents: integer("price_cents").notNull().default(0),
    hasDineInPrice: boolean("has_dine_in_price").notNull().default(true),
    takeAwayPriceCents: integer("take_away_price_cents"),
    hasTakeAwayPrice: boolean("has_take_away_price").notNull().default(false),
    vatCategory: integer("vat_category").notNull().default(1),
    /** Null means the waiter serves it (Σέρβις) without a preparation area. */
    preparationAreaId: integer("preparation_area_id").references(() => preparationAreas.id),
    imageUrl: text("image_url"),
    active: boolean("active").notNull().default(true),
    takeAwayActive: boolean("take_away_active").notNull().default(true),
    allergens: jsonb("allergens").$type<string[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("products_retailer").on(t.retailerId), index("products_category").on(t.categoryId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres hands back a Buffer, PGlite a Uint8Array; features see a Buffer either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Product pictures, kept in the database so every server instance can serve them. A new upload
 * gets a new id (and so a new URL), which lets browsers cache an image forever.
 */
export const productImages = pgTable(
  "product_images",
  {
    id: text("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product").on(t.productId)],
);

/** Preparation ways, basic ingredients (removable) and extra ingredients (paid) of a product. */
export const productOptions = pgTable(
  "product_options",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    nameEng: text("name_eng"),
    nameTranslations: jsonb("name_translations").$type<Translations>().notNull().default({}),
    priceCents: integer("price_cents").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("product_options_product").on(t.productId)],
);

/** The bill of a table from its first order until a payment settles everything. */
export const tableSessions = pgTable(
  "table_sessions",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    status: text("status").notNull().default("OPEN"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("table_sessions_one_open").on(t.tableId).where(sql`status = 'OPEN'`)],
);

/** A guest's presence at a table (the spec's check-in "reservation"); it decides what they may reach. */
export const tableGuests = pgTable(
  "table_guests",
  {
    id: serial("id").primaryKey(),
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("table_guests_one_active").on(t.userId).where(sql`checked_out_at is null`)],
);

/** A VAT section of a cash-register sale, as typed on the register's panel (spec 3 §3). */
export interface RegisterSectionRow {
  sectionVat: number;
  sectionAmount: number;
  sectionType: string;
}

/**
 * A sale: an order sent for a table or take-away (kind TABLE), or a cash-register sale by
 * amounts (kind REGISTER: no session, a table only for a dine-in sale, its VAT sections kept
 * here and its one payment pointing back). One id space, so the history lists both alike.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    kind: text("kind").notNull().default("TABLE"),
    sessionId: integer("session_id").references(() => tableSessions.id),
    tableId: integer("table_id").references(() => diningTables.id),
    sections: jsonb("sections").$type<RegisterSectionRow[]>(),
    senderType: text("sender_type").notNull(),
    sentByUserId: integer("sent_by_user_id")
      .notNull()
      .references(() => users.id),
    serviceMode: text("service_mode").notNull().default("DINE_IN"),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("orders_idempotency").on(t.sentByUserId, t.idempotencyKey),
    // The cash desk's history reads a venue's sales by day.
    index("orders_retailer_created").on(t.retailerId, t.createdAt),
    index("orders_session").on(t.sessionId),
  ],
);

/**
 * What was chosen, frozen at order time so later menu edits never rewrite history. Names carry
 * the offered translations of that time (absent in orders older than decision 046).
 */
interface OrderedName {
  id: number;
  name: string;
  nameEng: string | null;
  nameTranslations?: Translations;
}
export interface OrderedOptions {
  preparationWay: (OrderedName & { priceCents: number }) | null;
  basicIngredients: OrderedName[];
  removedIngredients: OrderedName[];
  extraIngredients: (OrderedName & { priceCents: number })[];
}

export const kitchenTickets = pgTable(
  "kitchen_tickets",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    preparationAreaId: integer("preparation_area_id")
      .notNull()
      .references(() => preparationAreas.id),
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    /** The number cooks call out; counts up per venue. */
    ticketNumber: integer("ticket_number").notNull(),
    /** The table the ticket stood at before a transfer moved it (its last move), so the cook is told. */
    movedFromTableId: integer("moved_from_table_id").references(() => diningTables.id),
    serviceMode: text("service_mode").notNull().default("DINE_IN"),
    printed: boolean("printed").notNull().default(false),
    /** The screen printing it now (a lease), so two screens of one area never both auto-print it. */
    printClaimedBy: text("print_claimed_by"),
    printClaimedUntil: timestamp("print_claimed_until", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("kitchen_tickets_area_open").on(t.preparationAreaId, t.completedAt),
    index("kitchen_tickets_order").on(t.orderId),
  ],
);

/** One row per ordered piece: status, payment and cancellation act on units. */
export const orderProducts = pgTable(
  "order_products",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    sessionId: integer("session_id")
      .notNull()
      .references(() => tableSessions.id),
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    ticketId: integer("ticket_id").references(() => kitchenTickets.id),
    preparationAreaId: integer("preparation_area_id").references(() => preparationAreas.id),
    productName: text("product_name").notNull(),
    productNameEng: text("product_name_eng"),
    /** The offered German, French and Italian names at order time, for the guest's feed (decision 046). */
    productNameTranslations: jsonb("product_name_translations").$type<Translations>().notNull().default({}),
    unitPriceCents: integer("unit_price_cents").notNull(),
    options: jsonb("options").$type<OrderedOptions>().notNull(),
    notes: text("notes").notNull().default(""),
    isGifted: boolean("is_gifted").notNull().default(false),
    status: text("status").notNull().default("SENT"),
    paymentStatus: text("payment_status").notNull().default("UNPAID"),
    discountCents: integer("discount_cents").notNull().default(0),
    paymentId: integer("payment_id"),
    billed: boolean("billed").notNull().default(false),
    /** The order slip (8.6) that recorded the piece: taking the piece off then corrects that slip. */
    orderSlipId: integer("order_slip_id").references(() => documents.id),
    /**
     * Set when the piece was cancelled while its kitchen ticket was still open and the dish not yet
     * delivered: the cook may be making it, so the ticket shows the cancellation until a cook
     * acknowledges it, which clears this.
     */
    kitchenCancelPendingSince: timestamp("kitchen_cancel_pending_since", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_products_session").on(t.sessionId),
    index("order_products_order").on(t.orderId),
    index("order_products_ticket").on(t.ticketId),
    index("order_products_table_status").on(t.tableId, t.paymentStatus),
    // The stats read the pieces a payment paid, and a venue's cancellations by when they happened.
    index("order_products_payment").on(t.paymentId),
    index("order_products_cancelled").on(t.retailerId, t.statusChangedAt).where(sql`payment_status = 'CANCELLED'`),
    index("order_products_order_slip").on(t.orderSlipId).where(sql`order_slip_id is not null`),
  ],
);

/** Waiter tasks: guest calls, payment requests, pickups from preparation areas. */
export const waiterRequests = pgTable(
  "waiter_requests",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    sessionId: integer("session_id").references(() => tableSessions.id),
    type: text("type").notNull(),
    status: text("status").notNull().default("ACTIVE"),
    preparationAreaId: integer("preparation_area_id").references(() => preparationAreas.id),
    /** For payment requests: the units and quantities the guest asked to pay. */
    items: jsonb("items").$type<{ orderProductId: number; quantity: number }[]>().notNull().default([]),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    completedByUserId: integer("completed_by_user_id").references(() => users.id),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("waiter_requests_retailer_active").on(t.retailerId, t.status)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    /** A table's payment always has one; a cash-register sale only when it was dine-in. */
    tableId: integer("table_id").references(() => diningTables.id),
    /** Null for a cash-register sale, which pays no pieces of a bill. */
    sessionId: integer("session_id").references(() => tableSessions.id),
    /** The cash-register sale (orders.kind REGISTER) this payment pays. */
    orderId: integer("order_id").references(() => orders.id),
    type: text("type").notNull(),
    channel: text("channel").notNull(),
    status: text("status").notNull().default("PENDING"),
    amountCents: integer("amount_cents").notNull(),
    cashCents: integer("cash_cents").notNull().default(0),
    cardCents: integer("card_cents").notNull().default(0),
    onCreditCents: integer("on_credit_cents").notNull().default(0),
    /** Who owes the on-credit part, as the waiter wrote it (a name or a note); set only when there is one. */
    creditDebtor: text("credit_debtor"),
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * What the guest left for the staff beside the bill (issue 32): never part of amountCents, the
     * income or the VAT; a card tip is charged with the card part (the charge is card + tip).
     */
    tipCents: integer("tip_cents").notNull().default(0),
    /** How the tip was left (CASH or CARD); null when there is none. */
    tipMethod: text("tip_method"),
    provider: text("provider"),
    providerOrderCode: text("provider_order_code"),
    providerTransactionId: text("provider_transaction_id"),
    /** The card terminal's TID as it was when the sale was sent (for the receipt's card details). */
    terminalId: text("terminal_id"),
    /** The venue's card terminal a waiter's sale went to; the sale's result settles this payment. */
    cardTerminalId: integer("card_terminal_id").references(() => cardTerminals.id),
    items: jsonb("items").$type<number[]>().notNull().default([]),
    /** An online payment's hold on its units lapses here (the provider's payment timeout plus a margin). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The guest who started an online payment: starting again releases their earlier hold. */
    startedByUserId: integer("started_by_user_id").references(() => users.id),
    collectedByUserId: integer("collected_by_user_id").references(() => users.id),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_order").on(t.provider, t.providerOrderCode),
    uniqueIndex("payments_provider_transaction").on(t.provider, t.providerTransactionId),
    // The terminal-sale watcher reads only the sales still waiting for their terminal.
    index("payments_pending_terminal_sales").on(t.status).where(sql`card_terminal_id is not null and status = 'PENDING'`),
    index("payments_order").on(t.orderId),
    // The stats read a venue's completed payments by completion time.
    index("payments_retailer_completed").on(t.retailerId, t.completedAt).where(sql`status = 'COMPLETED'`),
    // Every collection asks which of a table's pieces a payment in progress holds (heldUnitIds):
    // without it each one read the whole payments table, a year of history included.
    index("payments_table_pending").on(t.tableId).where(sql`status = 'PENDING'`),
  ],
);

/** The sandbox card provider's own books, kept like the real provider keeps them (orders, transactions). */
export const sandboxCardOrders = pgTable("sandbox_card_orders", {
  orderCode: text("order_code").primaryKey(),
  /** What the order charges, the tip included (as Viva's order amount). */
  amountCents: integer("amount_cents").notNull(),
  /** The part of the amount marked as tip (Viva's tipAmount). */
  tipCents: integer("tip_cents").notNull().default(0),
  customerTrns: text("customer_trns").notNull().default(""),
  merchantTrns: text("merchant_trns").notNull().default(""),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const sandboxCardTransactions = pgTable("sandbox_card_transactions", {
  transactionId: text("transaction_id").primaryKey(),
  orderCode: text("order_code")
    .notNull()
    .references(() => sandboxCardOrders.orderCode),
  statusId: text("status_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

export const cardTerminals = pgTable(
  "card_terminals",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    friendlyName: text("friendly_name").notNull(),
    tid: text("tid").notNull(),
    mid: text("mid"),
    authorizationCode: text("authorization_code"),
    type: text("type").notNull(),
    /** A terminal removed from the invoicing settings stays for the payments that went to it. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("card_terminals_retailer").on(t.retailerId)],
);

/**
 * The sandbox card terminal's own books, kept the way Viva's cloud keeps terminal sessions: one
 * row per sale sent to a terminal, in progress until the person acting as the terminal approves
 * or declines it, or the cash register aborts it. In the database, so every server instance and
 * a restart see the same sales.
 */
export const sandboxTerminalSales = pgTable(
  "sandbox_terminal_sales",
  {
    sessionId: text("session_id").primaryKey(),
    tid: text("tid").notNull(),
    cashRegisterId: text("cash_register_id").notNull(),
    /** What the terminal charges, the tip included (as Viva's sale amount). */
    amountCents: integer("amount_cents").notNull(),
    /** The part of the amount marked as tip (Viva's tipAmount). */
    tipCents: integer("tip_cents").notNull().default(0),
    merchantReference: text("merchant_reference").notNull().default(""),
    customerTrns: text("customer_trns").notNull().default(""),
    /** IN_PROGRESS, SUCCESS, DECLINED or ABORTED. */
    status: text("status").notNull().default("IN_PROGRESS"),
    /** Viva's event id: 1100 in progress, 0 success, 1006 declined, 1016 aborted. */
    eventId: integer("event_id").notNull().default(1100),
    transactionId: text("transaction_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_terminal_sales_status").on(t.status)],
);

/** A fiscal document's VAT section as stored: one category and goods or services, split by splitVat. */
export interface DocumentSectionRow {
  vatCategory: number;
  productType: string;
  gross: number;
  vat: number;
  net: number;
}

/** A payment part as a receipt carries it: the myDATA code, this receipt's share, the card's link. */
export interface DocumentPaymentRow {
  method: string;
  code: number;
  amount: number;
  transactionId: string | null;
  tid: string | null;
  /** A tip left with this part (issue 32), declared as myDATA's tipAmount; absent when none. */
  tipAmount?: number;
}

/** What a document lists: identical pieces at one price on one line. */
export interface DocumentLineRow {
  name: string;
  quantity: number;
  /** The unit price charged, in cents. */
  price: number;
  vatCategory: number;
}

export interface DocumentCardInfo {
  type: string | null;
  tid: string | null;
  mid: string | null;
  number: string | null;
  approvalCode: string | null;
  transactionId: string | null;
}

/**
 * Fiscal documents (receipts 11.1/11.2, order slips 8.6, credit notes 11.4): immutable facts,
 * written in the transaction of the sale they record, numbered from document_counters. Everything
 * the XML needs is on the row (issuer, header, sections, payment methods), so it can be rebuilt
 * at any time. Only the transmission state changes afterwards (an outbox row: status, attempts,
 * lease, and AADE's answer: mark, authenticationCode, qrUrl). A cancellation is a new document
 * (a credit note pointing at this one), never an edit of it.
 */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    paymentId: integer("payment_id").references(() => payments.id),
    ticketId: integer("ticket_id").references(() => kitchenTickets.id),
    /** The sale it records: a register sale, or the order an order slip was billed for (first one). */
    orderId: integer("order_id").references(() => orders.id),
    /** RECEIPT, SERVICE_RECEIPT, ORDER or CREDIT_NOTE (spec 3 §9). */
    type: text("type").notNull(),
    /** myDATA's invoiceType: 11.1, 11.2, 8.6 or 11.4. */
    invoiceType: text("invoice_type").notNull().default(""),
    series: text("series").notNull(),
    number: integer("number").notNull(),
    uid: text("uid"),
    mark: text("mark"),
    authenticationCode: text("authentication_code"),
    qrUrl: text("qr_url"),
    issuerVatNumber: text("issuer_vat_number").notNull().default(""),
    branch: integer("branch").notNull().default(0),
    /** The issue date as myDATA and the uid carry it: the calendar day in Athens. */
    issueDate: date("issue_date", { mode: "string" }),
    totalCents: integer("total_cents").notNull(),
    netCents: integer("net_cents").notNull().default(0),
    vatCents: integer("vat_cents").notNull().default(0),
    /** Transmission: PENDING (queued), SENT (AADE gave a mark), REFUSED (AADE or the XSD refused it). */
    status: text("status").notNull().default("PENDING"),
    orderFormStatus: text("order_form_status"),
    lines: jsonb("lines").$type<DocumentLineRow[]>().notNull().default([]),
    sections: jsonb("sections").$type<DocumentSectionRow[]>().notNull().default([]),
    paymentMethods: jsonb("payment_methods").$type<DocumentPaymentRow[]>().notNull().default([]),
    cardInfo: jsonb("card_info").$type<DocumentCardInfo>(),
    tableId: integer("table_id").references(() => diningTables.id),
    tableName: text("table_name"),
    waiterName: text("waiter_name"),
    orderSubmittedBy: text("order_submitted_by"),
    /** A credit note's original document; its mark goes into correlatedInvoices when sent. */
    correlatedDocumentId: integer("correlated_document_id"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Set before every send: the answer may be lost, so the next attempt asks AADE first (by uid). */
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    transmittedAt: timestamp("transmitted_at", { withTimezone: true }),
    lastError: text("last_error"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the till's printer confirmed it; null while it waits to be handed to the guest. */
    printedAt: timestamp("printed_at", { withTimezone: true }),
    /** The till screen that may print it, until the lease runs out (two tills never both print it). */
    printClaimedBy: text("print_claimed_by"),
    printClaimedUntil: timestamp("print_claimed_until", { withTimezone: true }),
    /**
     * An order slip whose pieces were taken off after it was issued: from then it reads cancelled,
     * a replacement slip carries what is still charged, and the outbox cancels it at AADE
     * (CancelInvoice) once it has its mark.
     */
    cancellationRequestedAt: timestamp("cancellation_requested_at", { withTimezone: true }),
    /** AADE's mark of that cancellation. */
    cancellationMark: text("cancellation_mark"),
  },
  (t) => [
    uniqueIndex("documents_number").on(t.retailerId, t.series, t.invoiceType, t.number),
    index("documents_payment").on(t.paymentId),
    index("documents_correlated").on(t.correlatedDocumentId),
    // The outbox reads only what is still to send.
    index("documents_outbox").on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index("documents_cancellation_due").on(t.id).where(sql`cancellation_requested_at is not null and cancellation_mark is null`),
    // The till prints what is still unprinted.
    index("documents_to_print").on(t.retailerId, t.issuedAt).where(sql`printed_at is null`),
  ],
);

/**
 * The last number handed out per venue, series and document type: bumped by one upsert inside the
 * sale's transaction, whose row lock makes concurrent sales queue, so numbers never gap or repeat.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    series: text("series").notNull(),
    invoiceType: text("invoice_type").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.retailerId, t.series, t.invoiceType] })],
);

/**
 * The myDATA sandbox's marks, one per accepted invoice or cancellation, 15 digits as AADE's: a
 * sequence, so instances sharing the books never hand out the same mark and taking one reads nothing.
 */
export const sandboxMydataMark = pgSequence("sandbox_mydata_mark", { startWith: 400_000_000_000_001 });

/**
 * The myDATA sandbox's own books, as AADE keeps them: every invoice it accepted (by uid, with its
 * mark) and its cancellations, so RequestTransmittedDocs answers the same after a restart.
 */
export const sandboxMydataInvoices = pgTable(
  "sandbox_mydata_invoices",
  {
    mark: text("mark").primaryKey(),
    uid: text("uid").notNull(),
    issuerVatNumber: text("issuer_vat_number").notNull(),
    series: text("series").notNull(),
    aa: text("aa").notNull(),
    issueDate: text("issue_date").notNull(),
    invoiceType: text("invoice_type").notNull(),
    authenticationCode: text("authentication_code").notNull(),
    qrUrl: text("qr_url").notNull(),
    cancelledByMark: text("cancelled_by_mark"),
    cancellationDate: text("cancellation_date"),
    xml: text("xml").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_mydata_invoices_uid").on(t.uid)],
);

export const contactRequests = pgTable("contact_requests", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  companyName: text("company_name").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  /** The operator's follow-up: NEW, CONTACTED, VENUE_CREATED (with the venue), DECLINED. */
  status: text("status").notNull().default("NEW"),
  retailerId: integer("retailer_id").references(() => retailers.id),
  createdAt: createdAt(),
});

/**
 * A one-time link that lets an account choose its password (a new venue's administrator, the
 * platform operator). Only a SHA-256 of the link's random token is kept, so the table cannot be
 * turned back into links; a link works once, until it expires, and issuing a new one for the
 * account ends the ones before it.
 */
export const passwordSetLinks = pgTable(
  "password_set_links",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_set_links_token").on(t.tokenHash), index("password_set_links_user").on(t.userId)],
);

/** Event payloads too large for a NOTIFY; the notification carries the row id instead. */
export const busEvents = pgTable("bus_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  payload: jsonb("payload").notNull(),
  createdAt: createdAt(),
});

/**
 * The statistics' daily roll-up (issue 14): the finished Athens business days of a venue whose
 * figures stats_daily_income and stats_daily_products hold. A day is claimed here in the same
 * transaction that writes its rows, so two readers filling it at once never count it twice.
 */
export const statsRollupDays = pgTable(
  "stats_rollup_days",
  {
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.retailerId, t.day] })],
);

/**
 * A rolled-up day's income, one row per order source and area filter (area null: no area filter),
 * each the sums the live read would give for that day and filter. `sessions` counts the distinct
 * table services; `sharedSessions` lists those that may also be counted on another day, so a
 * period counts each once (see features/stats/stats-rollup.ts).
 */
export const statsDailyIncome = pgTable(
  "stats_daily_income",
  {
    // The venue through the day it belongs to (the foreign key below).
    retailerId: integer("retailer_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    areaId: integer("area_id").references(() => preparationAreas.id),
    cashCents: integer("cash_cents").notNull(),
    posCents: integer("pos_cents").notNull(),
    onlineCents: integer("online_cents").notNull(),
    onCreditCents: integer("on_credit_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    cancelledCents: integer("cancelled_cents").notNull(),
    registerSales: integer("register_sales").notNull(),
    sessions: integer("sessions").notNull(),
    sharedSessions: integer("shared_sessions").array().notNull(),
  },
  (t) => [
    index("stats_daily_income_day").on(t.retailerId, t.day),
    foreignKey({ columns: [t.retailerId, t.day], foreignColumns: [statsRollupDays.retailerId, statsRollupDays.day] }).onDelete(
      "cascade",
    ),
  ],
);

/** A rolled-up day's consumption: pieces paid or given by product, per order source and area filter. */
export const statsDailyProducts = pgTable(
  "stats_daily_products",
  {
    // The venue through the day it belongs to (the foreign key below).
    retailerId: integer("retailer_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    areaId: integer("area_id").references(() => preparationAreas.id),
    productName: text("product_name").notNull(),
    count: integer("count").notNull(),
    amountCents: integer("amount_cents").notNull(),
    giftsCents: integer("gifts_cents").notNull(),
  },
  (t) => [
    index("stats_daily_products_day").on(t.retailerId, t.day),
    foreignKey({ columns: [t.retailerId, t.day], foreignColumns: [statsRollupDays.retailerId, statsRollupDays.day] }).onDelete(
      "cascade",
    ),
  ],
);

/**
 * Failed staff sign-ins (issue 16), one row each, so the throttle holds across restarts and
 * instances: counted by login and address, and by address alone (features/auth/sign-in-throttle.ts).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The login as typed, lower-cased: an unknown login is counted like a known one. */
    login: text("login").notNull(),
    address: text("address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sign_in_failures_login_address").on(t.login, t.address, t.failedAt),
    index("sign_in_failures_address").on(t.address, t.failedAt),
  ],
);

/**
 * The venue's audit trail of staff actions (issue 16): who did what, when, on which table or item,
 * with the amounts before and after. Append-only: no route changes or deletes an entry, and a
 * trigger refuses UPDATE and DELETE (migration 0016). Names are copied in, so an entry still reads
 * right after the table, product or staff member is renamed or deleted.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    createdAt: createdAt(),
    kind: text("kind").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    tableId: integer("table_id"),
    tableLabel: text("table_label"),
    /** What the action touched, by name: a product, a staff member's login, a setting, a document number. */
    subject: text("subject"),
    amountBeforeCents: integer("amount_before_cents"),
    amountAfterCents: integer("amount_after_cents"),
    details: jsonb("details").notNull().default({}),
  },
  (t) => [
    index("audit_entries_venue_time").on(t.retailerId, t.createdAt),
    index("audit_entries_venue_kind_time").on(t.retailerId, t.kind, t.createdAt),
    index("audit_entries_venue_actor_time").on(t.retailerId, t.actorUserId, t.createdAt),
  ],
);

/**
 * Staff requests made with an Idempotency-Key (issue 31), so a replay answers the first answer
 * (lib/idempotent-requests.ts). The row is written in the mutation's own transaction, so a key is
 * recorded exactly when its work is; the answer is filled in right after, before it is sent. Keys
 * are the venue's and the user's own; a row older than a day is expired and swept.
 */
export const staffRequestKeys = pgTable(
  "staff_request_keys",
  {
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    /** "METHOD /route/:pattern" the key was first used on. */
    route: text("route").notNull(),
    /** SHA-256 of the route, its parameters, query and body as validated. */
    fingerprint: text("fingerprint").notNull(),
    createdAt: createdAt(),
    /** The first answer: null while the first request still runs (or if its instance died before answering). */
    replyStatus: integer("reply_status"),
    replyHeaders: jsonb("reply_headers"),
    replyBody: text("reply_body"),
  },
  (t) => [primaryKey({ columns: [t.retailerId, t.userId, t.key] }), index("staff_request_keys_created").on(t.createdAt)],
);

/**
 * A guest's word on a table session (issue 32): stars 1-5 and an optional comment, one per guest
 * and session. The guest's account is kept only to hold that rule; staff read the rating without it.
 */
export const sessionRatings = pgTable(
  "session_ratings",
  {
    id: serial("id").primaryKey(),
    retailerId: integer("retailer_id")
      .notNull()
      .references(() => retailers.id),
    tableId: integer("table_id")
      .notNull()
      .references(() => diningTables.id),
    sessionId: integer("session_id")
      .notNull()
      .references(() => tableSessions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    stars: integer("stars").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("session_ratings_one_per_guest").on(t.sessionId, t.userId),
    index("session_ratings_venue_time").on(t.retailerId, t.createdAt),
    check("session_ratings_stars", sql`${t.stars} between 1 and 5`),
  ],
);

/**
 * The waiters who had the rated table when the guest rated it (table_waiters then), kept with the
 * rating so a later change of the table's waiters does not move past ratings between waiters.
 */
export const sessionRatingWaiters = pgTable(
  "session_rating_waiters",
  {
    ratingId: integer("rating_id")
      .notNull()
      .references(() => sessionRatings.id),
    waiterId: integer("waiter_id")
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.ratingId, t.waiterId] })],
);

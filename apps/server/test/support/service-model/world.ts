import { eq } from "drizzle-orm";
import { cardTerminals, type diningTables, retailers } from "../../../src/db/schema.ts";
import { buildBackOfficeVenue, buildTable } from "../factories.ts";
import type { apiClient } from "../http.ts";
import { listen, type TestListener } from "../stomp-client.ts";
import type { TestServer } from "../test-app.ts";
import type { ProductKey } from "./model.ts";

/** The real side of one fast-check run: a fresh venue on the shared server, its staff and phones, and who listens. */
export interface World {
  server: TestServer;
  api: ReturnType<typeof apiClient>;
  venue: Awaited<ReturnType<typeof buildBackOfficeVenue>>;
  tables: (typeof diningTables.$inferSelect)[];
  terminalId: number;
  products: Record<ProductKey, { id: number; name: string; price: number; hasArea: boolean }>;
  waiter: string;
  desk: string;
  admin: string;
  cooks: { kitchen: string; bar: string };
  /** Guests' tokens, and the table index each one checked in at. */
  phones: string[];
  phoneTable: number[];
  /** The first phone of each table with a phone listens to its table's pushes. */
  phoneListeners: Map<number, TestListener>;
  deskListener: TestListener;
  paymentUpdates: TestListener[];
  validatedXml: Set<number>;
  /** What each command of this run did, in words. */
  story: string[];
  tableName(index: number): string;
  close(): Promise<void>;
}

/** A valid ΑΦΜ from 8 digits: the 9th is Σ dᵢ·2^(8−i) mod 11 mod 10. */
function afm(prefix: string): string {
  const sum = [...prefix].reduce((total, d, i) => total + Number(d) * 2 ** (8 - i), 0);
  return `${prefix}${(sum % 11) % 10}`;
}

export const TABLES = 3;
/** The card terminals' timeout the test server runs with (CARD_TERMINAL_TIMEOUT_SECONDS). */
export const TERMINAL_TIMEOUT_MS = 10_000;
/** Phones 1 and 2 sit at table A, phone 3 at table B; table C starts empty, a place to transfer to. */
export const PHONE_TABLES = [0, 0, 1];

export async function buildWorld(server: TestServer, api: ReturnType<typeof apiClient>, invoicing: boolean): Promise<World> {
  const db = server.database.db;
  const venue = await buildBackOfficeVenue(db);
  if (invoicing) {
    const tin = afm(String(10_000_000 + (venue.venue.id % 89_999_999)).slice(0, 8));
    await db
      .update(retailers)
      .set({ invoicingEnabled: true, invoicing: { tin, name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
      .where(eq(retailers.id, venue.venue.id));
  }
  const tables = [venue.table, venue.otherTable, await buildTable(db, venue.venue.id)];
  const [terminal] = await db
    .insert(cardTerminals)
    .values({ retailerId: venue.venue.id, friendlyName: "POS 1", tid: "12345678", mid: "1234567", type: "Viva" })
    .returning();
  const [waiter, desk, admin, kitchen, bar] = await Promise.all([
    api.login(venue.waiter.login),
    api.login(venue.cashDesk.login),
    api.login(venue.admin.login),
    api.login(venue.cook.login),
    api.login(venue.barman.login),
  ]);
  const phones = await Promise.all(PHONE_TABLES.map((t) => api.seatedGuest(tables[t].id)));
  const phoneListeners = new Map<number, TestListener>();
  for (const [phone, t] of PHONE_TABLES.entries()) {
    if (!phoneListeners.has(t))
      phoneListeners.set(t, await listen(server.wsUrl, phones[phone], `/topic/customer/el/${tables[t].id}`));
  }
  const deskListener = await listen(server.wsUrl, desk, "/user/queue/admin/cash-desk-tables");
  const paymentUpdates = await Promise.all(tables.map((t) => listen(server.wsUrl, waiter, `/topic/payment-update/${t.id}`)));
  const product = (row: { id: number; name: string; priceCents: number; preparationAreaId: number | null }) => ({
    id: row.id,
    name: row.name,
    price: row.priceCents,
    hasArea: row.preparationAreaId != null,
  });
  return {
    server,
    api,
    venue,
    tables,
    terminalId: terminal.id,
    products: {
      salad: product(venue.salad),
      souvlaki: product(venue.souvlaki),
      coffee: product(venue.coffee),
      water: product(venue.water),
    },
    waiter,
    desk,
    admin,
    cooks: { kitchen, bar },
    phones,
    phoneTable: PHONE_TABLES,
    phoneListeners,
    deskListener,
    paymentUpdates,
    validatedXml: new Set(),
    story: [],
    tableName: (index) => `τραπέζι ${"ΑΒΓ"[index]}`,
    async close() {
      await Promise.all([...phoneListeners.values(), deskListener, ...paymentUpdates].map((l) => l.close()));
    },
  };
}

/** Waits for the next message a listener receives, or the deadline; answers whether one came. */
export async function nextMessage(listener: TestListener, until: number): Promise<boolean> {
  const seen = listener.messages.length;
  const wait = until - Date.now();
  if (wait <= 0) return false;
  try {
    await listener.next((m) => listener.messages.indexOf(m) >= seen, wait);
    return true;
  } catch {
    return false;
  }
}

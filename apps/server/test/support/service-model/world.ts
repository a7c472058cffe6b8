import { eq } from "drizzle-orm";
import { cardTerminals, type diningTables, retailers } from "../../../src/db/schema.ts";
import { buildBackOfficeVenue, buildTable } from "../factories.ts";
import type { apiClient } from "../http.ts";
import { listen, type TestListener } from "../stomp-client.ts";
import type { TestServer } from "../test-app.ts";
import type { ListenerName, ProductKey, StaffRequest } from "./model.ts";

/**
 * One screen's realtime subscription. Its WebSocket may drop (listener null until it reconnects);
 * on reconnecting the screen re-reads its state, as the web client does, and pushes after that
 * read (from message index caughtUpAt) are what it shows next.
 */
export interface ListenerSlot {
  name: ListenerName;
  token: string;
  destination: string;
  listener: TestListener | null;
  caughtUpAt: number;
  /** What the screen read on reconnecting; null for a listener that never dropped. */
  catchUp: unknown;
}

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
  phoneListeners: Map<number, ListenerSlot>;
  deskListener: ListenerSlot;
  /** The waiter's screens of each table hear its card terminal's answers. */
  paymentUpdates: ListenerSlot[];
  slot(name: ListenerName): ListenerSlot;
  tokenOf(who: StaffRequest["who"]): string;
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
  const connect = async (name: ListenerName, token: string, destination: string): Promise<ListenerSlot> => ({
    name,
    token,
    destination,
    listener: await listen(server.wsUrl, token, destination),
    caughtUpAt: 0,
    catchUp: null,
  });
  const phoneListeners = new Map<number, ListenerSlot>();
  for (const [phone, t] of PHONE_TABLES.entries()) {
    if (!phoneListeners.has(t))
      phoneListeners.set(
        t,
        await connect(`phone at ${"ΑΒΓ"[t]}` as ListenerName, phones[phone], `/topic/customer/el/${tables[t].id}`),
      );
  }
  const deskListener = await connect("till", desk, "/user/queue/admin/cash-desk-tables");
  const paymentUpdates = await Promise.all(
    tables.map((t, i) => connect(`waiter payments ${"ΑΒΓ"[i]}` as ListenerName, waiter, `/topic/payment-update/${t.id}`)),
  );
  const slots = [...phoneListeners.values(), deskListener, ...paymentUpdates];
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
    slot(name) {
      const found = slots.find((s) => s.name === name);
      if (!found) throw new Error(`no listener ${name}`);
      return found;
    },
    tokenOf: (who) => ({ waiter, desk, kitchen, bar })[who],
    validatedXml: new Set(),
    story: [],
    tableName: (index) => `τραπέζι ${"ΑΒΓ"[index]}`,
    async close() {
      await Promise.all(slots.map((s) => s.listener?.close()));
    },
  };
}

/** The listeners a run may drop, each a screen of the evening. */
export const LISTENERS: readonly ListenerName[] = [
  "phone at Α",
  "phone at Β",
  "till",
  "waiter payments Α",
  "waiter payments Β",
  "waiter payments Γ",
];

/** The Wi-Fi drops: the socket dies without a goodbye (no STOMP DISCONNECT, no close handshake). */
export async function dropListener(slot: ListenerSlot): Promise<void> {
  const listener = slot.listener as TestListener;
  slot.listener = null;
  (listener.client.webSocket as unknown as { terminate(): void } | undefined)?.terminate();
  await listener.close();
}

/**
 * The screen comes back: it subscribes again, then re-reads its state (the web client's catch-up
 * on reconnect). A push arriving during the read may be older or newer than it, so the read is
 * repeated until none did; later pushes are newer than the read.
 */
export async function reconnectListener<T>(world: World, slot: ListenerSlot, read: () => Promise<T>): Promise<T> {
  const listener = await listen(world.server.wsUrl, slot.token, slot.destination);
  slot.listener = listener;
  for (;;) {
    const before = listener.messages.length;
    const view = await read();
    if (listener.messages.length === before) {
      slot.caughtUpAt = before;
      slot.catchUp = view;
      return view;
    }
  }
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

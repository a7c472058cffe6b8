import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import type { StaffTableFeed } from "@tableorder/domain/contracts/waiter";
import { and, eq, inArray, sql } from "drizzle-orm";
import { diningTables, kitchenTickets, waiterRequests } from "../../apps/server/src/db/schema.ts";
import { guestOrdersByApi, type SeatedGuest } from "./journeys.ts";
import { api, signIn } from "./staff-api.ts";
import type { RunningServer } from "./start-server.ts";

/** A guest asks, through the API as the phone does, for the waiter to collect every unpaid piece of the table. */
export async function guestAsksToPayByApi(baseUrl: string, guest: SeatedGuest): Promise<void> {
  const waiter = await signIn(baseUrl, "waiter");
  const feed = await api<StaffTableFeed>(baseUrl, `/api/feed/table/${guest.tableId}/products`, waiter);
  const itemsCount = feed.unpaidTableFeed.map((line) => ({ orderProductId: line.orderProductIds[0], quantity: line.quantity }));
  await api(baseUrl, `/api/cq-table/payment-request/${guest.tableId}`, guest.token, { body: { itemsCount } });
}

/** What a busy evening leaves for the journey to do on screen. */
export interface BusyService {
  /** Table 7's guest, seated with a dish on the way, who has not asked to pay yet: the journey's newest request. */
  lastToPay: SeatedGuest;
}

/**
 * A busy evening at the demo venue (issue 31's "busy state"), arranged through the API as phones
 * and the kitchen would, then aged in the database:
 * - the waiter's feed holds 12 tasks: pickups at tables 1 (24'), 2 (13') and 3; calls at 4 (11')
 *   and 5; a payment request at 6 (4'); a coffee from the bar at 5; water to serve at 2, 6, 8 (6') and 10; and a
 *   new-order card for every table with a dish still cooking;
 * - the kitchen holds 9 tickets: table 1's with a line the waiter cancelled, table 2's salad without
 *   onion and table 3's tzatziki with a guest's note (the red banner), table 4's late and table 5's
 *   ageing tickets, table 10's moved there from table 9, and plain ones with the dishes' own allergens.
 * Table 7's guest asks to pay later, on the journey's cue (lastToPay).
 */
export async function fillBusyService(server: RunningServer): Promise<BusyService> {
  const { baseUrl, db } = server;
  const kitchen = await signIn(baseUrl, "kitchen");
  const bar = await signIn(baseUrl, "bar");
  const waiter = await signIn(baseUrl, "waiter");
  const prepare = (ticketId: number, cook = kitchen) =>
    api(baseUrl, `/api/feed/kitchen/ticket/${ticketId}/prepare`, cook, { method: "POST", body: {} });

  // Dishes ready on the pass: one pickup each, then a second round still cooking.
  const t1 = await guestOrdersByApi(baseUrl, "demo-1", [{ name: "Μουσακάς" }]);
  await prepare(t1.ticketIds[0]);
  const t1Cooking = await guestOrdersByApi(baseUrl, t1.guest, [
    { name: "Σαγανάκι" },
    { name: "Κεφτεδάκια" },
    { name: "Κεφτεδάκια" },
  ]);
  const t2 = await guestOrdersByApi(baseUrl, "demo-2", [{ name: "Σουβλάκι χοιρινό", way: "Μέτριο" }, { name: "Νερό 1L" }]);
  await prepare(t2.ticketIds[0]);
  await guestOrdersByApi(baseUrl, t2.guest, [{ name: "Χωριάτικη", without: ["Κρεμμύδι"] }]);
  const t3 = await guestOrdersByApi(baseUrl, "demo-3", [{ name: "Χωριάτικη" }]);
  await prepare(t3.ticketIds[0]);
  await guestOrdersByApi(baseUrl, t3.guest, [
    { name: "Τζατζίκι", notes: "Αλλεργία: καρύδια" },
    { name: "Πατάτες τηγανητές", way: "Κανονικές" },
  ]);

  // Guests calling the waiter, each with a dish on the way.
  const t4 = await guestOrdersByApi(baseUrl, "demo-4", [{ name: "Μπιφτέκι μοσχαρίσιο", way: "Σκέτο" }]);
  await api(baseUrl, `/api/cq-table/call-waiter/${t4.tableId}`, t4.guest.token, { method: "POST" });
  const t5 = await guestOrdersByApi(baseUrl, "demo-5", [
    { name: "Καλαμαράκια τηγανητά" },
    { name: "Πατάτες τηγανητές" },
    { name: "Freddo espresso", way: "Μέτριος" },
  ]);
  // The bar's coffee is ready before the kitchen's dishes.
  const barFeed = await api<KitchenFeed>(baseUrl, "/api/feed/kitchen", bar);
  const coffee = barFeed.tickets.find((ticket) => t5.ticketIds.includes(ticket.id));
  if (!coffee) throw new Error("table 5's coffee is not at the bar");
  await prepare(coffee.id, bar);
  await api(baseUrl, `/api/cq-table/call-waiter/${t5.tableId}`, t5.guest.token, { method: "POST" });

  // A guest asking to pay, with water to serve; water alone at 8; table 7 eats and asks later.
  const t6 = await guestOrdersByApi(baseUrl, "demo-6", [{ name: "Τσιπούρα σχάρας" }, { name: "Νερό 1L" }]);
  await guestAsksToPayByApi(baseUrl, t6.guest);
  const t7 = await guestOrdersByApi(baseUrl, "demo-7", [{ name: "Παστίτσιο" }]);
  await guestOrdersByApi(baseUrl, "demo-8", [{ name: "Μουσακάς" }, { name: "Νερό 1L" }]);

  // Table 9's guests move to table 10: their ticket follows them and says so.
  const t9 = await guestOrdersByApi(baseUrl, "demo-9", [{ name: "Γεμιστά" }, { name: "Νερό 1L" }]);
  const t10Id = (await db.select().from(diningTables).where(eq(diningTables.code, "demo-10")))[0].id;
  await api(baseUrl, "/api/feed/transfer-table", waiter, { body: { tableId: t9.tableId, targetTableId: t10Id } });

  // The waiter takes table 1's meatballs off the bill while the kitchen has them.
  const feed = await api<KitchenFeed>(baseUrl, "/api/feed/kitchen", kitchen);
  const meatballs = feed.tickets
    .find((ticket) => ticket.id === t1Cooking.ticketIds[0])
    ?.products.find((product) => product.name === "Κεφτεδάκια");
  if (!meatballs) throw new Error("table 1's meatballs are not on its ticket");
  await api(baseUrl, `/api/feed/table/${t1.tableId}/remove-products`, waiter, {
    body: { orderProductIds: meatballs.orderProductIds },
  });

  // Ages: the oldest things of the evening, in the kitchen's and the waiter's colours.
  const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
  const ageTasks = (tableId: number, minutes: number, types: string[]) =>
    db
      .update(waiterRequests)
      .set({ createdAt: ago(minutes) })
      .where(and(eq(waiterRequests.tableId, tableId), eq(waiterRequests.status, "ACTIVE"), inArray(waiterRequests.type, types)));
  await ageTasks(t1.tableId, 24, ["PREPARATION_AREA_PICKUP"]);
  await ageTasks(t2.tableId, 13, ["PREPARATION_AREA_PICKUP"]);
  await ageTasks(t4.tableId, 11, ["WAITER_CALL"]);
  await ageTasks(t6.tableId, 4, ["PAYMENT"]);
  const t8Id = (await db.select().from(diningTables).where(eq(diningTables.code, "demo-8")))[0].id;
  await ageTasks(t8Id, 6, ["SERVICE"]);
  const ageTicket = (ticketId: number, minutes: number) =>
    db
      .update(kitchenTickets)
      .set({ createdAt: ago(minutes) })
      .where(eq(kitchenTickets.id, ticketId));
  await ageTicket(t4.ticketIds[0], 22);
  await ageTicket(t5.ticketIds.find((id) => id !== coffee.id) as number, 12);
  await ageTicket(t1Cooking.ticketIds[0], 9);
  return { lastToPay: t7.guest };
}

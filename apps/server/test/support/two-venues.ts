import { PRODUCT_IMAGE_WIDTHS } from "@tableorder/domain/contracts/product-image";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../src/auth/principal.ts";
import { contactRequests, documents, orderProducts, retailers, type users, waiterRequests } from "../../src/db/schema.ts";
import { buildBackOfficeVenue, buildOperator, buildStaff, buildVenue } from "./factories.ts";
import type { apiClient } from "./http.ts";
import type { TestServer } from "./test-app.ts";

/** Who calls in the access tests: no one, a guest of one table or another, each role, another venue's admin. */
export const CALLERS = [
  "none",
  "guestOfTable",
  "guestOfOtherTable",
  "waiter",
  "cook",
  "cashDesk",
  "admin",
  "otherVenueAdmin",
  // The platform operator (issue 18): its console only, no venue's route or destination.
  "operator",
] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Venue A with a record behind every kind of id the API takes (tables, an area, a product, an
 * order and its ticket, a waiter call, a paid table with its payment and receipt, a guest's
 * check-in), venue B beside it, and a token for each caller. Staff tokens are issued directly
 * (a password sign-in per caller would dominate the run); guests sign in and check in over HTTP.
 */
export async function buildTwoVenues(server: TestServer, api: ReturnType<typeof apiClient>) {
  const { db } = server.database;
  const a = await buildBackOfficeVenue(db);
  // Venue B needs nothing but its admin, who must not reach venue A.
  const b = await buildVenue(db);
  const otherVenueAdmin = await buildStaff(db, b.id, "ADMIN");
  const operator = await buildOperator(db);
  // A venue owner's request from the contact form, for the operator's console.
  const [contactRequest] = await db
    .insert(contactRequests)
    .values({ name: "Μαρία", companyName: "Καφέ", phone: "2101234567", email: "maria@example.com" })
    .returning();
  // Venue A issues receipts, so its sales leave documents to print, download and cancel.
  await db
    .update(retailers)
    .set({ invoicingEnabled: true, invoicing: { tin: "094161133", name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
    .where(eq(retailers.id, a.venue.id));
  const tokenOf = (user: typeof users.$inferSelect) => {
    const principal: Principal = {
      userId: user.id,
      role: user.role as Principal["role"],
      retailerId: user.retailerId,
      prepAreaId: user.preparationAreaId,
      anonymous: false,
      login: user.login,
    };
    return server.ctx.tokens.issue(principal, false);
  };

  const guestOfTable = await api.guest();
  const checkIn = await api.call("POST", `/api/cq-table/check-in/${a.table.id}`, { token: guestOfTable });
  if (checkIn.status !== 200) throw new Error(`check-in failed: ${checkIn.status}`);
  const guestOfOtherTable = await api.seatedGuest(a.otherTable.id);

  const order = async (tableId: number, token: string) => {
    const lines = [
      { id: a.salad.id, quantity: 2 },
      { id: a.water.id, quantity: 1 },
    ];
    const sent = await api.post(`/api/orders/${tableId}`, lines, token);
    if (sent.status !== 200) throw new Error(`order failed: ${sent.status} ${JSON.stringify(sent.body)}`);
    return sent.body as { orderId: number; ticketIds: number[] };
  };
  const tableOrder = await order(a.table.id, guestOfTable);
  const call = await api.post(`/api/cq-table/call-waiter/${a.table.id}`, {}, guestOfTable);
  if (call.status !== 200) throw new Error(`waiter call failed: ${call.status}`);
  const [orderProduct] = await db.select().from(orderProducts).where(eq(orderProducts.orderId, tableOrder.orderId)).limit(1);
  const [request] = await db
    .select()
    .from(waiterRequests)
    .where(and(eq(waiterRequests.tableId, a.table.id), eq(waiterRequests.type, "WAITER_CALL")));

  const waiter = await tokenOf(a.waiter);
  // The other table orders and pays in full: a payment and its receipt. Made only for the few
  // routes that name them, since a sale is the slowest part of the fixture.
  let sale: Promise<{ payment: number; document: number }> | null = null;
  const makeSale = async () => {
    await order(a.otherTable.id, guestOfOtherTable);
    const paid = await api.post(
      `/api/feed/table/${a.otherTable.id}/complete-orders?payAll=true`,
      { discountAmount: 0, cardAmount: 0, cashAmount: 2000, onCreditAmount: 0, isGift: false },
      waiter,
    );
    if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
    const [document] = await db.select().from(documents).where(eq(documents.paymentId, paid.body.paymentId)).limit(1);
    if (!document) throw new Error("the sale issued no document");
    return { payment: paid.body.paymentId as number, document: document.id };
  };

  const tokens: Record<Caller, string | undefined> = {
    none: undefined,
    guestOfTable,
    guestOfOtherTable,
    waiter,
    cook: await tokenOf(a.cook),
    cashDesk: await tokenOf(a.cashDesk),
    admin: await tokenOf(a.admin),
    otherVenueAdmin: await tokenOf(otherVenueAdmin),
    operator: await tokenOf(operator),
  };
  return {
    a,
    tokens,
    ids: {
      table: a.table,
      reservation: checkIn.body.id as number,
      order: tableOrder.orderId,
      ticket: tableOrder.ticketIds[0],
      orderProduct: orderProduct.id,
      waiterRequest: request.id,
      contactRequest: contactRequest.id,
    },
    sale: () => {
      sale ??= makeSale();
      return sale;
    },
  };
}

export type TwoVenues = Awaited<ReturnType<typeof buildTwoVenues>>;

/** Which of venue A's records an `:id` names, by the route's url. */
const RECORD_NAMED_BY_ID: [RegExp, (venues: TwoVenues) => number | string | Promise<number>][] = [
  [/^\/api\/operator\/venues\/:id/, (v) => v.a.venue.id],
  [/^\/api\/operator\/contact-requests\/:id/, (v) => v.ids.contactRequest],
  [/^\/api\/(crm\/tables|cash-desk\/table|feed\/table)\/:id|^\/api\/feed\/:id\/assign-me/, (v) => v.ids.table.id],
  [/^\/api\/crm\/waiter\/:id/, (v) => v.a.waiter.id],
  [/^\/api\/crm\/preparation-area\/:id/, (v) => v.a.kitchen.id],
  [/\/product\/:id/, (v) => v.a.salad.id],
  [/\/ticket\/:id/, (v) => v.ids.ticket],
  [/^\/api\/cq-table\/check-out\/:id/, (v) => v.ids.reservation],
  [/^\/api\/cq-table\/cancel-request\/:id/, (v) => v.ids.waiterRequest],
  [/^\/api\/cash-desk\/documents\/:id/, async (v) => (await v.sale()).document],
  [/^\/api\/feed\/payment\/:id/, async (v) => (await v.sale()).payment],
  // No picture was uploaded: a well-formed id that names none.
  [/^\/api\/images\/:id/, () => "00000000-0000-4000-8000-000000000000"],
];

async function paramValue(url: string, name: string, venues: TwoVenues): Promise<number | string | undefined> {
  switch (name) {
    case "tableId":
      return venues.ids.table.id;
    case "code":
      return venues.ids.table.code;
    case "orderProductId":
      return venues.ids.orderProduct;
    case "requestId":
      return venues.ids.waiterRequest;
    case "documentId":
      return (await venues.sale()).document;
    case "ticketId":
      return venues.ids.ticket;
    case "width":
      return PRODUCT_IMAGE_WIDTHS[0];
    // A set-password link that was never issued: well-formed, and it names nobody.
    case "token":
      return "x".repeat(43);
    case "id":
      return RECORD_NAMED_BY_ID.find(([pattern]) => pattern.test(url))?.[1](venues);
  }
  return undefined;
}

/** The route's url with each parameter naming a record of venue A. */
export async function pathToVenueA(url: string, venues: TwoVenues): Promise<string> {
  let path = url;
  for (const [param, name] of url.matchAll(/:(\w+)/g)) {
    const value = await paramValue(url, name, venues);
    if (value === undefined)
      throw new Error(`No record of venue A for :${name} in ${url}: name one in test/support/two-venues.ts`);
    path = path.replace(param, encodeURIComponent(String(value)));
  }
  return path;
}

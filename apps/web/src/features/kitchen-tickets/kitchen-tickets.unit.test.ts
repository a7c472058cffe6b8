import type { KitchenFeed, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { describe, expect, it } from "vitest";
import { elapsedMinutes } from "../../lib/elapsed-minutes.ts";
import { applyKitchenMessage, boardTickets, isKitchenFeedMessage } from "./apply-kitchen-message.ts";

const ticket = (id: number, timestamp: string): KitchenTicket => ({
  id,
  ticketId: id,
  timestamp,
  quantity: 1,
  uniqueQuantity: 1,
  preparedQuantity: 0,
  serviceMode: "DINE_IN",
  tableName: "1",
  tableId: 1,
  movedFromTableName: null,
  isPrinted: false,
  printed: false,
  sentBy: { type: "CLIENT", firstName: null, lastName: null },
  products: [],
  cancelledUnacknowledged: [],
});

const feed = (tickets: KitchenTicket[]): KitchenFeed => ({
  id: 1,
  label: "Kitchen",
  hasAutoPrint: false,
  isPreparationAreaAvailable: true,
  ageWarnMinutes: 10,
  ageLateMinutes: 20,
  isFeedDisabled: false,
  printerIp: null,
  tickets,
});

describe("elapsedMinutes (spec 2 §2.4)", () => {
  const sent = "2026-01-01T12:00:00.000Z";
  const at = (iso: string) => Date.parse(iso);
  it("shows 0 under a minute and whole minutes after", () => {
    expect(elapsedMinutes(sent, at("2026-01-01T12:00:59.999Z"))).toBe(0);
    expect(elapsedMinutes(sent, at("2026-01-01T12:01:00.000Z"))).toBe(1);
    expect(elapsedMinutes(sent, at("2026-01-01T12:47:30.000Z"))).toBe(47);
  });
  it("never goes negative when the device clock is behind", () => {
    expect(elapsedMinutes(sent, at("2026-01-01T11:58:00.000Z"))).toBe(0);
  });
});

describe("applyKitchenMessage", () => {
  const older = ticket(1, "2026-01-01T12:00:00.000Z");
  const newer = ticket(2, "2026-01-01T12:05:00.000Z");

  it("adds a pushed ticket in arrival order, oldest first", () => {
    const next = applyKitchenMessage(feed([newer]), { type: "TICKET_UPSERT", ticket: older });
    expect(next.tickets.map((t) => t.id)).toEqual([1, 2]);
  });

  it("replaces a ticket pushed again instead of showing it twice", () => {
    const changed = { ...older, preparedQuantity: 1 };
    const next = applyKitchenMessage(feed([older, newer]), { type: "TICKET_UPSERT", ticket: changed });
    expect(next.tickets).toHaveLength(2);
    expect(next.tickets[0].preparedQuantity).toBe(1);
  });

  it("removes a ticket", () => {
    expect(applyKitchenMessage(feed([older, newer]), { type: "TICKET_REMOVED", ticketId: 1 }).tickets.map((t) => t.id)).toEqual([
      2,
    ]);
  });

  it("takes the area's new settings and keeps its tickets", () => {
    const { tickets: _tickets, ...settings } = feed([]);
    const closed = { ...settings, isPreparationAreaAvailable: false, hasAutoPrint: true };
    const next = applyKitchenMessage(feed([older]), { type: "AREA_UPDATED", area: closed });
    expect(next.isPreparationAreaAvailable).toBe(false);
    expect(next.hasAutoPrint).toBe(true);
    expect(next.tickets.map((t) => t.id)).toEqual([1]);
    expect(isKitchenFeedMessage({ type: "AREA_UPDATED", area: closed })).toBe(true);
    expect(isKitchenFeedMessage({ type: "AREA_UPDATED" })).toBe(false);
  });

  it("accepts only the contract's message shapes", () => {
    expect(isKitchenFeedMessage({ type: "TICKET_REMOVED", ticketId: 3 })).toBe(true);
    expect(isKitchenFeedMessage({ type: "TICKET_UPSERT", ticket: older })).toBe(true);
    expect(isKitchenFeedMessage({ type: "TICKET_UPSERT" })).toBe(false);
    expect(isKitchenFeedMessage("TICKET_REMOVED")).toBe(false);
  });
});

describe("boardTickets (issue 28 A9)", () => {
  const line = (id: number) => ({
    id: String(id),
    productId: 1,
    name: "Χωριάτικη",
    status: "SENT" as const,
    quantity: 1,
    price: 950,
    orderProductIds: [id],
    preparationWay: null,
    basicIngredientIds: [],
    extraIngredientIds: [],
    removedIngredients: [],
    notes: "",
    allergens: [],
    timestamp: "2026-01-01T12:00:00.000Z",
    tableName: "1",
    tableId: 1,
  });
  const withDish = (id: number, at: string) => ({ ...ticket(id, at), products: [line(id)] });
  const cancelled = (t: KitchenTicket) => ({
    ...t,
    cancelledUnacknowledged: [{ ...line(100 + t.id), cancelledAt: t.timestamp }],
  });

  it("shows a ticket with a cancellation to acknowledge first, even one left with nothing else; hides an empty one", () => {
    const oldest = withDish(1, "2026-01-01T12:00:00.000Z");
    const older = cancelled(withDish(2, "2026-01-01T12:01:00.000Z"));
    const emptied = cancelled(ticket(3, "2026-01-01T12:02:00.000Z"));
    const acknowledged = ticket(4, "2026-01-01T12:03:00.000Z");
    const newest = withDish(5, "2026-01-01T12:04:00.000Z");
    expect(boardTickets([oldest, older, emptied, acknowledged, newest]).map((t) => t.id)).toEqual([2, 3, 1, 5]);
  });
});

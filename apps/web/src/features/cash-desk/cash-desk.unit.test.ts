import type { CashDeskCard, HistoryTicket } from "@tableorder/domain/contracts/cash-desk";
import { describe, expect, it } from "vitest";
import { applyCardMessage, isCashDeskCardMessage } from "./apply-card-message.ts";
import { checkHistoryRange, isInHistoryRange, sortHistory, todayRange, upsertHistoryTicket, venueDay } from "./history-range.ts";
import { needsAttention } from "./hooks/use-live-cash-desk-status.ts";
import { takeAwaysOpenFirst } from "./take-away-order.ts";

const card = (id: number, overrides: Partial<CashDeskCard> = {}): CashDeskCard => ({
  id,
  name: `T${id}`,
  itemCount: 0,
  totalAmount: 0,
  unpaidAmount: 0,
  hasUnbilled: false,
  isActive: false,
  ...overrides,
});

const ticket = (id: number, timestamp: string, overrides: Partial<HistoryTicket> = {}): HistoryTicket => ({
  id,
  ticketId: 100 + id,
  timestamp,
  serviceMode: "DINE_IN",
  tableName: "3",
  quantity: 1,
  isRegistered: false,
  isPrinted: false,
  products: [
    { name: "Φραπέ", price: 350, quantity: 1, paymentStatus: "UNPAID", onCredit: false, creditDebtor: null, hasDiscount: false },
  ],
  ...overrides,
});

describe("card messages", () => {
  const cards = [card(1), card(2), card(3)];

  it("replaces a changed card where it stands", () => {
    const next = applyCardMessage(cards, { type: "CARD", card: card(2, { itemCount: 4, totalAmount: 1200, isActive: true }) });
    expect(next.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(next[1]).toMatchObject({ itemCount: 4, totalAmount: 1200, isActive: true });
    expect(cards[1]?.itemCount).toBe(0);
  });

  it("adds a new card at the end and drops a removed one", () => {
    const added = applyCardMessage(cards, { type: "CARD", card: card(9, { name: "TA-1" }) });
    expect(added.map((c) => c.id)).toEqual([1, 2, 3, 9]);
    expect(applyCardMessage(added, { type: "REMOVED", id: 2 }).map((c) => c.id)).toEqual([1, 3, 9]);
  });

  it("leaves the list alone when an unknown card is removed", () => {
    expect(applyCardMessage(cards, { type: "REMOVED", id: 42 })).toBe(cards);
  });

  it("accepts only the contract's shapes", () => {
    expect(isCashDeskCardMessage({ type: "CARD", card: card(1) })).toBe(true);
    expect(isCashDeskCardMessage({ type: "REMOVED", id: 3 })).toBe(true);
    expect(isCashDeskCardMessage({ type: "CARD", card: { id: 1 } })).toBe(false);
    expect(isCashDeskCardMessage({ type: "CARD", card: card(1, { totalAmount: 12.5 }) })).toBe(false);
    expect(isCashDeskCardMessage("CARD")).toBe(false);
  });
});

describe("history range", () => {
  // 23:30 UTC on 31 March is already 1 April in Athens (UTC+3 in summer).
  const now = new Date("2025-03-31T23:30:00Z");

  it("takes days in Athens, not UTC", () => {
    expect(venueDay(now)).toBe("2025-04-01");
    expect(venueDay("2025-01-15T22:30:00Z")).toBe("2025-01-16");
    expect(venueDay("2025-01-15T21:30:00Z")).toBe("2025-01-15");
    expect(todayRange(now)).toEqual({ startDate: "2025-04-01", endDate: "2025-04-01" });
  });

  it("refuses empty, future and reversed ranges", () => {
    expect(checkHistoryRange({ startDate: "2025-03-30", endDate: "2025-04-01" }, now)).toBeNull();
    expect(checkHistoryRange({ startDate: "", endDate: "2025-04-01" }, now)).toBe("startRequired");
    expect(checkHistoryRange({ startDate: "2025-03-30", endDate: "" }, now)).toBe("endRequired");
    expect(checkHistoryRange({ startDate: "2025-04-01", endDate: "2025-04-02" }, now)).toBe("future");
    expect(checkHistoryRange({ startDate: "2025-04-01", endDate: "2025-03-30" }, now)).toBe("endBeforeStart");
  });

  it("keeps a pushed sale only when its Athens day is in the range", () => {
    const range = { startDate: "2025-01-16", endDate: "2025-01-16" };
    expect(isInHistoryRange({ timestamp: "2025-01-15T22:30:00Z" }, range)).toBe(true);
    expect(isInHistoryRange({ timestamp: "2025-01-16T22:30:00Z" }, range)).toBe(false);
  });

  it("upserts pushed sales newest first and ignores those outside the range", () => {
    const range = { startDate: "2025-01-16", endDate: "2025-01-16" };
    const list = sortHistory([ticket(1, "2025-01-16T08:00:00Z"), ticket(2, "2025-01-16T10:00:00Z")]);
    expect(list.map((t) => t.id)).toEqual([2, 1]);

    const added = upsertHistoryTicket(list, ticket(3, "2025-01-16T09:00:00Z"), range);
    expect(added.map((t) => t.id)).toEqual([2, 3, 1]);

    const changed = upsertHistoryTicket(added, ticket(1, "2025-01-16T08:00:00Z", { isPrinted: true }), range);
    expect(changed.map((t) => t.id)).toEqual([2, 3, 1]);
    expect(changed.find((t) => t.id === 1)?.isPrinted).toBe(true);

    const outside = ticket(4, "2025-01-17T09:00:00Z");
    expect(upsertHistoryTicket(changed, outside, range)).toBe(changed);
  });
});

describe("the Ταμείο dot", () => {
  it("shows when anything waits on the till", () => {
    const none = { hasUnbilled: false, hasUnbilledTakeAway: false, hasUnprinted: false };
    expect(needsAttention(undefined)).toBe(false);
    expect(needsAttention(none)).toBe(false);
    expect(needsAttention({ ...none, hasUnbilled: true })).toBe(true);
    expect(needsAttention({ ...none, hasUnbilledTakeAway: true })).toBe(true);
    expect(needsAttention({ ...none, hasUnprinted: true })).toBe(true);
  });
});

describe("the take-away tab", () => {
  it("lists the open take-aways first, each group newest first", () => {
    const cards = [card(5), card(4, { isActive: true }), card(3), card(2, { isActive: true }), card(7, { isActive: true })];
    expect(takeAwaysOpenFirst(cards).map((c) => c.id)).toEqual([7, 4, 2, 5, 3]);
  });
});

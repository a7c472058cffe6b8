import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import { describe, expect, it } from "vitest";
import type { StaffAction } from "../../lib/staff-action.ts";
import { boardAsWaiting, ticketAsWaiting } from "./waiting-overlay.ts";

const line = (id: string, pieces: number[], status: TicketProduct["status"] = "SENT"): TicketProduct => ({
  id,
  productId: 1,
  name: id,
  status,
  quantity: pieces.length,
  price: 500,
  orderProductIds: pieces,
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

const ticket = (id: number, products: TicketProduct[]): KitchenTicket => ({
  id,
  ticketId: id,
  timestamp: "2026-01-01T12:00:00.000Z",
  quantity: products.reduce((sum, p) => sum + p.quantity, 0),
  uniqueQuantity: products.length,
  preparedQuantity: 0,
  serviceMode: "DINE_IN",
  tableName: "1",
  tableId: 1,
  movedFromTableName: null,
  isPrinted: false,
  printed: false,
  sentBy: { type: "CLIENT", firstName: null, lastName: null },
  products,
  cancelledUnacknowledged: [],
});

const action = (path: string, body: unknown = {}): StaffAction => ({ method: "POST", path, body, idempotencyKey: path });
const bump = (id: number) => action(`/api/feed/kitchen/ticket/${id}/prepare`);
const check = (id: number, pieces: number[]) =>
  action(`/api/feed/kitchen/ticket/${id}/prepare-products`, { orderProductIds: pieces });
const revert = (id: number, pieces: number[]) => action(`/api/feed/kitchen/ticket/${id}/undo`, { orderProductIds: pieces });

describe("the kitchen's actions waiting in the outbox, shown before they are sent (issue 31)", () => {
  const salad = line("salad", [1, 2]);
  const fries = line("fries", [3]);

  it("a line checked offline shows ticked and marked; the others stay as they were", () => {
    const shown = ticketAsWaiting(ticket(7, [salad, fries]), [check(7, [1, 2])]);
    expect(shown.ticket.products.map((p) => [p.id, p.status])).toEqual([
      ["salad", "PREPARED"],
      ["fries", "SENT"],
    ]);
    expect([...shown.waitingLines]).toEqual(["salad"]);
    expect(shown.ticket.preparedQuantity).toBe(2);
    expect(shown.waiting).toBe(true);
  });

  it("a line reverted offline after its check shows waiting again; another ticket's actions change nothing", () => {
    const shown = ticketAsWaiting(ticket(7, [salad, fries]), [check(7, [1, 2]), revert(7, [1, 2]), bump(8)]);
    expect(shown.ticket.products.map((p) => p.status)).toEqual(["SENT", "SENT"]);
    expect(ticketAsWaiting(ticket(7, [salad]), [bump(8)])).toMatchObject({ waiting: false });
  });

  it("a ticket bumped, or with its last line checked, leaves the board and is listed as leaving", () => {
    const tickets = [ticket(7, [salad, fries]), ticket(8, [line("soup", [4])]), ticket(9, [line("pie", [5])])];
    const { board, leaving } = boardAsWaiting(tickets, [bump(7), check(8, [4])]);
    expect(board.map((entry) => entry.ticket.id)).toEqual([9]);
    expect(leaving.map((entry) => entry.ticket.id)).toEqual([7, 8]);
  });

  it("once the actions are no longer waiting (sent, or refused), the server's tickets show as they are", () => {
    const tickets = [ticket(7, [salad, fries])];
    const { board, leaving } = boardAsWaiting(tickets, []);
    expect(board[0]?.ticket).toBe(tickets[0]);
    expect(leaving).toEqual([]);
  });
});

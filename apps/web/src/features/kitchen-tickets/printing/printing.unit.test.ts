import type { KitchenFeed, KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { printerAddress } from "../../../lib/print/print-job-memory.ts";
import { fakePrintService, memoryValue } from "../../../lib/print/print-test-doubles.ts";
import { type KitchenPrintJob, movePrintKey, ticketsToAutoPrint, voidPrintKey } from "./print-jobs.ts";
import { TicketPrinter } from "./ticket-printer.ts";
import {
  cancelledPieces,
  describeLine,
  EMPTY_PRINTED_TICKETS,
  movePrinted,
  observeFeed,
  type PrintedTicketsState,
  parsePrintedTickets,
  recordPrinted,
  resolveVanished,
  voidPrinted,
} from "./void-tickets.ts";

let nextLine = 1;
const line = (name: string, ids: number[], extra: Partial<TicketProduct> = {}): TicketProduct => ({
  id: String(nextLine++),
  productId: 1,
  name,
  status: "SENT",
  quantity: ids.length,
  price: 500,
  orderProductIds: ids,
  preparationWay: null,
  basicIngredientIds: [],
  extraIngredientIds: [],
  removedIngredients: [],
  notes: "",
  allergens: [],
  timestamp: "2026-01-01T12:00:00.000Z",
  tableName: "4",
  tableId: 4,
  ...extra,
});

const ticket = (id: number, products: TicketProduct[], extra: Partial<KitchenTicket> = {}): KitchenTicket => {
  const quantity = products.reduce((sum, p) => sum + p.orderProductIds.length, 0);
  return {
    id,
    ticketId: 100 + id,
    timestamp: `2026-01-01T12:0${id}:00.000Z`,
    quantity,
    uniqueQuantity: products.length,
    preparedQuantity: products.filter((p) => p.status !== "SENT").reduce((sum, p) => sum + p.quantity, 0),
    serviceMode: "DINE_IN",
    tableName: "4",
    tableId: 4,
    movedFromTableName: null,
    isPrinted: false,
    printed: false,
    sentBy: { type: "WAITER", firstName: "Νίκος", lastName: "Γεωργίου" },
    products,
    cancelledUnacknowledged: [],
    ...extra,
  };
};

const printed = (t: KitchenTicket): KitchenTicket => ({ ...t, isPrinted: true, printed: true });

describe("cancelledPieces (the void-ticket rule)", () => {
  const salad = line("Χωριάτικη", [1, 2, 3], {
    removedIngredients: [{ id: 9, name: "Κρεμμύδι", price: 0 }],
    extraIngredientIds: [{ id: 8, name: "Κάπαρη", price: 50 }],
  });
  const fries = line("Πατάτες", [4], { preparationWay: { id: 5, name: "Με ρίγανη", price: 0 } });
  const before = ticket(1, [salad, fries]);

  it("names the pieces a ticket lost, per dish, with its options", () => {
    const after = ticket(1, [{ ...salad, orderProductIds: [1], quantity: 1 }, fries]);
    expect(cancelledPieces(before, after)).toEqual({
      lines: [{ name: "Χωριάτικη (−Κρεμμύδι, +Κάπαρη)", quantity: 2 }],
      orderProductIds: [2, 3],
    });
  });

  it("counts a prepared piece as still there: preparing is not cancelling", () => {
    const after = ticket(1, [
      { ...salad, orderProductIds: [1, 2], quantity: 2 },
      { ...salad, id: "x", status: "PREPARED", orderProductIds: [3], quantity: 1 },
      { ...fries, status: "PREPARED" },
    ]);
    expect(cancelledPieces(before, after).orderProductIds).toEqual([]);
  });

  it("voids everything when the ticket is gone", () => {
    expect(cancelledPieces(before, null)).toEqual({
      lines: [
        { name: "Χωριάτικη (−Κρεμμύδι, +Κάπαρη)", quantity: 3 },
        { name: "Πατάτες (Με ρίγανη)", quantity: 1 },
      ],
      orderProductIds: [1, 2, 3, 4],
    });
  });

  it("adds up a dish split into a waiting and a prepared line", () => {
    const split = ticket(2, [line("Μουσακάς", [10, 11]), line("Μουσακάς", [12], { status: "PREPARED" })]);
    expect(cancelledPieces(split, ticket(2, [])).lines).toEqual([{ name: "Μουσακάς", quantity: 3 }]);
  });

  it("describes notes too", () => {
    expect(describeLine(line("Σουβλάκι", [1], { notes: "χωρίς αλάτι" }))).toBe('Σουβλάκι ("χωρίς αλάτι")');
  });
});

describe("observeFeed / resolveVanished", () => {
  const salad = line("Χωριάτικη", [1, 2]);
  const fries = line("Πατάτες", [3]);

  it("ignores tickets that were never printed", () => {
    const { state, vanished } = observeFeed(EMPTY_PRINTED_TICKETS, [ticket(1, [salad])]);
    expect(state).toEqual(EMPTY_PRINTED_TICKETS);
    expect(vanished).toEqual([]);
  });

  it("prints a printed ticket again, once, when a table transfer moved it", () => {
    let state = observeFeed(EMPTY_PRINTED_TICKETS, [printed(ticket(1, [salad]))]).state;
    const moved = printed(ticket(1, [salad], { tableId: 5, tableName: "5", movedFromTableName: "4" }));
    state = observeFeed(state, [moved]).state;
    expect(state.pendingMoves).toEqual([{ key: movePrintKey(1, 5), ticket: moved }]);
    expect(state.pendingVoids).toEqual([]);
    state = observeFeed(state, [moved]).state;
    expect(state.pendingMoves).toHaveLength(1);
    expect(movePrinted(state, movePrintKey(1, 5)).pendingMoves).toEqual([]);
    // Stored before moved slips existed: read with none pending.
    expect(parsePrintedTickets(JSON.stringify({ tickets: {}, pendingVoids: [] })).pendingMoves).toEqual([]);
  });

  it("prints a void when a printed ticket shows fewer pieces, once", () => {
    let state = observeFeed(EMPTY_PRINTED_TICKETS, [printed(ticket(1, [salad, fries]))]).state;
    const after = printed(ticket(1, [salad]));
    state = observeFeed(state, [after]).state;
    expect(state.pendingVoids).toHaveLength(1);
    expect(state.pendingVoids[0]).toMatchObject({
      key: voidPrintKey(1, [3]),
      ticketId: 1,
      cancelled: [{ name: "Πατάτες", quantity: 1 }],
      orderProductIds: [3],
    });
    expect(state.pendingVoids[0].ticket).toEqual(after);
    // The same feed again (a refetch) finds nothing new.
    state = observeFeed(state, [after]).state;
    expect(state.pendingVoids).toHaveLength(1);
    expect(voidPrinted(state, state.pendingVoids[0].key).pendingVoids).toEqual([]);
  });

  it("compares with the ticket as printed, even before the server says it is printed", () => {
    let state = recordPrinted(EMPTY_PRINTED_TICKETS, ticket(1, [salad, fries]));
    state = observeFeed(state, [ticket(1, [fries])]).state;
    expect(state.pendingVoids.map((v) => v.orderProductIds)).toEqual([[1, 2]]);
  });

  it("asks about a printed ticket that left the feed, then voids it only if it was emptied", () => {
    let state = observeFeed(EMPTY_PRINTED_TICKETS, [printed(ticket(1, [salad])), printed(ticket(2, [fries]))]).state;
    const observed = observeFeed(state, []);
    expect(observed.vanished.sort()).toEqual([1, 2]);
    state = observed.state;
    // Ticket 1 was completed by preparing: its pieces are all still there.
    state = resolveVanished(state, 1, printed(ticket(1, [{ ...salad, status: "PREPARED" }])));
    // Ticket 2 lost its only piece to a cancellation.
    state = resolveVanished(state, 2, printed(ticket(2, [])));
    expect(state.pendingVoids.map((v) => [v.ticketId, v.cancelled])).toEqual([[2, [{ name: "Πατάτες", quantity: 1 }]]]);
    expect(state.tickets).toEqual({});
    expect(observeFeed(state, []).vanished).toEqual([]);
  });

  it("stops following a ticket that cannot be read any more, without a void", () => {
    const state = observeFeed(EMPTY_PRINTED_TICKETS, [printed(ticket(1, [salad]))]).state;
    expect(resolveVanished(state, 1, null)).toEqual(EMPTY_PRINTED_TICKETS);
  });

  it("reads stored state defensively", () => {
    expect(parsePrintedTickets(null)).toEqual(EMPTY_PRINTED_TICKETS);
    expect(parsePrintedTickets("{oops")).toEqual(EMPTY_PRINTED_TICKETS);
    expect(parsePrintedTickets('{"tickets":{}}')).toEqual(EMPTY_PRINTED_TICKETS);
    const state = recordPrinted(EMPTY_PRINTED_TICKETS, ticket(1, [salad]));
    expect(parsePrintedTickets(JSON.stringify(state))).toEqual(state);
  });
});

describe("ticketsToAutoPrint", () => {
  it("takes unprinted tickets with something on them, in feed order, not printed this session", () => {
    const tickets = [
      printed(ticket(1, [line("a", [1])])),
      ticket(2, [line("b", [2])]),
      ticket(3, []),
      ticket(4, [line("c", [3])]),
      ticket(5, [line("d", [4])]),
    ];
    expect(ticketsToAutoPrint(tickets, (key) => key === "ticket:4").map((t) => t.id)).toEqual([2, 5]);
  });
});

const feedOf = (tickets: KitchenTicket[], extra: Partial<KitchenFeed> = {}): KitchenFeed => ({
  id: 1,
  label: "Kitchen",
  hasAutoPrint: true,
  isPreparationAreaAvailable: true,
  isFeedDisabled: false,
  printerIp: "192.168.1.50",
  ageWarnMinutes: 10,
  ageLateMinutes: 20,
  tickets,
  ...extra,
});

describe("TicketPrinter (auto-print and voids together)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(
    overrides: {
      fetchTicket?: (id: number) => Promise<KitchenTicket | null>;
      claimPrint?: (id: number) => Promise<boolean>;
    } = {},
  ) {
    const agent = fakePrintService<KitchenPrintJob>();
    const marked: number[] = [];
    const doneKeys = memoryValue<string[]>([]);
    const printedTickets = memoryValue<PrintedTicketsState>(EMPTY_PRINTED_TICKETS);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const printer = new TicketPrinter({
      service: agent.service,
      fetchTicket: overrides.fetchTicket ?? (async () => null),
      claimPrint: overrides.claimPrint ?? (async () => true),
      markPrinted: async (id) => {
        marked.push(id);
      },
      doneKeys,
      printedTickets,
      bigLetters: () => true,
      retryDelayMs: 10_000,
    });
    return { agent, marked, doneKeys, printedTickets, printer };
  }

  it("prints each unprinted ticket once, oldest first, and marks it printed", async () => {
    const { agent, marked, doneKeys, printer } = setup();
    const t1 = ticket(1, [line("a", [1])]);
    const t2 = ticket(2, [line("b", [2])]);
    printer.setFeed(feedOf([t1, t2]));
    printer.setFeed(feedOf([t1, t2])); // a refetch meanwhile changes nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs.map((j) => [j.kind, j.ticket.id, j.bigLetters, j.areaName])).toEqual([
      ["kitchen-ticket", 1, true, "Kitchen"],
      ["kitchen-ticket", 2, true, "Kitchen"],
    ]);
    expect(agent.service.print.mock.calls[0][0].printerIp).toBe("192.168.1.50");
    expect(marked).toEqual([1, 2]);
    expect(doneKeys.get()).toEqual(["ticket:1", "ticket:2"]);
    // The server's mark arrives; nothing prints again.
    printer.setFeed(feedOf([printed(t1), printed(t2)]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(2);
  });

  it("leaves a ticket another screen claimed to that screen, and takes it over when its claim lapses", async () => {
    const claims: number[] = [];
    let otherScreenHolds = true;
    let serverReachable = true;
    const { agent, marked, printer } = setup({
      claimPrint: async (id) => {
        claims.push(id);
        if (!serverReachable) throw new Error("offline");
        return id !== 1 || !otherScreenHolds;
      },
    });
    const t1 = ticket(1, [line("a", [1])]);
    const t2 = ticket(2, [line("b", [2])]);
    printer.setFeed(feedOf([t1, t2]));
    await vi.advanceTimersByTimeAsync(0);
    // Ticket 1 is the other screen's; ticket 2 is ours and prints.
    expect(agent.jobs.map((j) => j.ticket.id)).toEqual([2]);
    expect(marked).toEqual([2]);
    // Not asked again at once on the next feed change.
    printer.setFeed(feedOf([t1, printed(t2)]));
    await vi.advanceTimersByTimeAsync(0);
    expect(claims).toEqual([1, 2]);
    // The server cannot be asked: nothing prints rather than risk a second copy.
    serverReachable = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(claims).toEqual([1, 2, 1]);
    expect(agent.jobs).toHaveLength(1);
    // The other screen's claim lapsed (its printer failed): this screen prints ticket 1.
    serverReachable = true;
    otherScreenHolds = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(agent.jobs.map((j) => j.ticket.id)).toEqual([2, 1]);
    expect(marked).toEqual([2, 1]);
    expect(printer.getState().queue.lastFailure).toBeNull();
  });

  it("prints nothing while the area has no printer, and sends host and port apart", async () => {
    const { agent, printer } = setup();
    const t1 = ticket(1, [line("a", [1])]);
    printer.setFeed(feedOf([t1], { printerIp: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(0);
    expect(printer.getState().hasPrinter).toBe(false);
    await expect(printer.printTicket(t1)).resolves.toBe(false);
    printer.setFeed(feedOf([t1], { printerIp: "10.0.0.9:9101" }));
    await vi.advanceTimersByTimeAsync(0);
    expect(printer.getState().hasPrinter).toBe(true);
    expect(agent.service.print.mock.calls[0][0]).toMatchObject({ printerIp: "10.0.0.9", printerPort: 9101 });
    expect(printerAddress(" 192.168.1.7 ")).toEqual({ printerIp: "192.168.1.7" });
    expect(printerAddress("")).toBeNull();
  });

  it("prints nothing automatically with auto-print off, but the print button does", async () => {
    const { agent, printer } = setup();
    printer.setFeed(feedOf([ticket(1, [line("a", [1])])], { hasAutoPrint: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(0);
    printer.printUnprinted();
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(1);
  });

  it("waits for the agent, and leaves a ticket unprinted when the printer fails, trying again later", async () => {
    const { agent, marked, printer } = setup();
    agent.setStatus("DISCONNECTED");
    const t1 = ticket(1, [line("a", [1])]);
    printer.setFeed(feedOf([t1]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(0);
    agent.setAnswer({ ok: false, error: "printer_unreachable" });
    agent.setStatus("CONNECTED");
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(1);
    expect(marked).toEqual([]);
    expect(printer.getState().queue.lastFailure).toBe("printer_unreachable");
    // A new ticket meanwhile is tried too (a failure holds nothing back), and fails the same way.
    const t2 = ticket(2, [line("b", [2])]);
    printer.setFeed(feedOf([t1, t2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs.map((j) => j.ticket.id)).toEqual([1, 2]);
    agent.setAnswer({ ok: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(agent.printed.map((j) => j.ticket.id)).toEqual([1, 2]);
    expect(marked).toEqual([1, 2]);
    expect(printer.getState()).toMatchObject({ failed: [], alert: false });
  });

  it("lets the tickets after a refused one print, alerts until the cook acknowledges, and prints it again on request (issue 15)", async () => {
    const { agent, marked, printer } = setup();
    agent.setAnswer((job) => (job.ticket.id === 1 ? { ok: false, error: "printer_unreachable" } : { ok: true }));
    const [t1, t2, t3] = [1, 2, 3].map((id) => ticket(id, [line(`dish ${id}`, [id])]));
    printer.setFeed(feedOf([t1, t2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.printed.map((j) => j.ticket.id)).toEqual([2]);
    // Ticket 2 came out, so the printer works: ticket 1 is tried again at once, and fails again.
    expect(agent.jobs.map((j) => j.ticket.id)).toEqual([1, 2, 1]);
    expect(printer.getState()).toMatchObject({
      alert: true,
      failed: [{ key: "ticket:1", kind: "kitchen-ticket", ticketId: 1, ticketNumber: 101, tableName: "4", attempts: 2 }],
    });
    // Later tickets keep printing, in order, while ticket 1 waits for its retry.
    printer.setFeed(feedOf([t1, printed(t2), t3]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.printed.map((j) => j.ticket.id)).toEqual([2, 3]);
    expect(marked).toEqual([2, 3]);
    // The cook acknowledges: the alert goes, the ticket stays on the list.
    printer.acknowledgeFailures();
    expect(printer.getState()).toMatchObject({ alert: false, failed: [{ ticketId: 1 }] });
    // The printer takes it now; "print again" prints it without waiting for the back-off.
    agent.setAnswer({ ok: true });
    printer.retryFailed("ticket:1");
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.printed.map((j) => j.ticket.id)).toEqual([2, 3, 1]);
    expect(marked).toEqual([2, 3, 1]);
    expect(printer.getState()).toMatchObject({ alert: false, failed: [] });
  });

  it("drops a failed ticket from the list once it is completed or printed by another screen", async () => {
    const { agent, printer } = setup();
    agent.setAnswer({ ok: false, error: "printer_timeout" });
    const t1 = ticket(1, [line("a", [1])]);
    const t2 = ticket(2, [line("b", [2])]);
    printer.setFeed(feedOf([t1, t2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(printer.getState().failed.map((f) => f.ticketId)).toEqual([1, 2]);
    printer.setFeed(feedOf([printed(t2)]));
    expect(printer.getState()).toMatchObject({ failed: [], alert: false, queue: { lastFailure: null } });
  });

  it("prints a printed ticket again, saying where it goes, when a table transfer moved it", async () => {
    const { agent, printer } = setup();
    const salad = line("Χωριάτικη", [1, 2]);
    printer.setFeed(feedOf([printed(ticket(1, [salad]))]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(0);
    const moved = printed(ticket(1, [salad], { tableId: 5, tableName: "5", movedFromTableName: "4" }));
    printer.setFeed(feedOf([moved]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toEqual([expect.objectContaining({ kind: "kitchen-ticket", ticket: moved })]);
    printer.setFeed(feedOf([moved]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(1);
  });

  it("prints a void when a printed ticket loses a piece, and when a printed ticket is emptied", async () => {
    const salad = line("Χωριάτικη", [1, 2]);
    const fries = line("Πατάτες", [3]);
    const fetched = new Map<number, KitchenTicket>();
    const { agent, printer, printedTickets } = setup({ fetchTicket: async (id) => fetched.get(id) ?? null });
    const t1 = printed(ticket(1, [salad, fries]));
    const t2 = printed(ticket(2, [line("Μουσακάς", [4])]));
    printer.setFeed(feedOf([t1, t2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(0);

    // A waiter cancels the fries: the pushed ticket has fewer pieces.
    printer.setFeed(feedOf([printed(ticket(1, [salad])), t2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(1);
    expect(agent.jobs[0]).toMatchObject({ kind: "void-ticket", cancelled: [{ name: "Πατάτες", quantity: 1 }], bigLetters: true });

    // The guest cancels the moussaka, the ticket's only dish, and the ticket leaves the feed.
    fetched.set(2, printed(ticket(2, [])));
    printer.setFeed(feedOf([printed(ticket(1, [salad]))]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs.map((j) => j.kind)).toEqual(["void-ticket", "void-ticket"]);
    expect(agent.jobs[1]).toMatchObject({ ticket: { id: 2 }, cancelled: [{ name: "Μουσακάς", quantity: 1 }] });

    // Ticket 1 is completed by preparing: no void.
    fetched.set(1, printed(ticket(1, [{ ...salad, status: "PREPARED" }])));
    printer.setFeed(feedOf([]));
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs).toHaveLength(2);
    expect(printedTickets.get()).toEqual(EMPTY_PRINTED_TICKETS);
  });

  it("asks about a vanished ticket again only after a pause when the server does not answer", async () => {
    let calls = 0;
    const { printer } = setup({
      fetchTicket: async () => {
        calls++;
        throw new Error("offline");
      },
    });
    printer.setFeed(feedOf([printed(ticket(1, [line("a", [1])]))]));
    printer.setFeed(feedOf([]));
    await vi.advanceTimersByTimeAsync(0);
    printer.setFeed(feedOf([]));
    printer.setFeed(feedOf([]));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(15_000);
    printer.setFeed(feedOf([]));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
  });

  it("keeps a void that could not print, and prints it once the printer is back", async () => {
    const salad = line("Χωριάτικη", [1, 2]);
    const { agent, printer, printedTickets } = setup();
    printer.setFeed(feedOf([printed(ticket(1, [salad, line("Πατάτες", [3])]))]));
    agent.setStatus("DISCONNECTED");
    printer.setFeed(feedOf([printed(ticket(1, [salad]))]));
    await vi.advanceTimersByTimeAsync(0);
    expect(printedTickets.get().pendingVoids).toHaveLength(1);
    agent.setStatus("CONNECTED");
    await vi.advanceTimersByTimeAsync(0);
    expect(agent.jobs.map((j) => j.kind)).toEqual(["void-ticket"]);
    expect(printedTickets.get().pendingVoids).toHaveLength(0);
  });

  it("reprints a ticket on request and says whether it came out", async () => {
    const { agent, printer } = setup();
    const t1 = printed(ticket(1, [line("a", [1])]));
    printer.setFeed(feedOf([t1], { hasAutoPrint: false }));
    await expect(printer.printTicket(t1)).resolves.toBe(true);
    agent.setAnswer({ ok: false, error: "printer_timeout" });
    await expect(printer.printTicket(t1)).resolves.toBe(false);
    agent.setStatus("DISCONNECTED");
    await expect(printer.printTicket(t1)).resolves.toBe(false);
    expect(agent.jobs).toHaveLength(2);
  });
});

import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { describe, expect, it } from "vitest";
import { ticketAge } from "../../lib/elapsed-minutes.ts";
import {
  forgetPieces,
  parseUndoStack,
  peekUndo,
  pushUndo,
  removeUndo,
  type UndoEntry,
  undoEntryAfterPrepare,
} from "./undo-stack.ts";

let seq = 0;
const entry = (ticketId: number, ids: number[], kind: UndoEntry["kind"] = "prepared"): UndoEntry => ({
  id: `e${++seq}`,
  ticketId,
  orderProductIds: ids,
  kind,
  tableName: "3",
  ticketNumber: 40 + ticketId,
  at: seq,
});

describe("undo stack (spec 2 §4.3)", () => {
  it("undoes the newest update first", () => {
    const a = entry(1, [1]);
    const b = entry(2, [5]);
    const stack = pushUndo(pushUndo([], a), b);
    expect(peekUndo(stack)).toBe(b);
    expect(peekUndo(removeUndo(stack, b.id))).toBe(a);
    expect(peekUndo([])).toBeNull();
  });

  it("lets a completed ticket replace the batches it covers", () => {
    const batch = entry(1, [1, 2]);
    const other = entry(2, [7]);
    const completed = entry(1, [1, 2, 3], "completed");
    expect(pushUndo([batch, other], completed)).toEqual([other, completed]);
  });

  it("keeps a batch the completion does not cover (pieces delivered meanwhile are left out)", () => {
    const batch = entry(1, [1, 2]);
    const completed = entry(1, [2, 3], "completed");
    expect(pushUndo([batch], completed)).toEqual([batch, completed]);
  });

  it("ignores an empty update and keeps only the last ones", () => {
    expect(pushUndo([], entry(1, []))).toEqual([]);
    let stack: UndoEntry[] = [];
    for (let i = 1; i <= 25; i++) stack = pushUndo(stack, entry(i, [i]), 20);
    expect(stack).toHaveLength(20);
    expect(stack[0].ticketId).toBe(6);
  });

  it("forgets pieces the cook reverted by hand", () => {
    const a = entry(1, [1, 2]);
    const b = entry(1, [3]);
    const c = entry(2, [1]);
    expect(forgetPieces([a, b, c], 1, [2, 3])).toEqual([{ ...a, orderProductIds: [1] }, c]);
  });

  it("reads a stored stack defensively", () => {
    const a = entry(1, [1]);
    expect(parseUndoStack(JSON.stringify([a, { id: 3 }, null, "x"]))).toEqual([a]);
    expect(parseUndoStack("nope")).toEqual([]);
    expect(parseUndoStack(null)).toEqual([]);
  });
});

describe("ticketAge", () => {
  it("turns warn, then late, by the area's thresholds", () => {
    expect(ticketAge(0, 10, 20)).toBe("fresh");
    expect(ticketAge(9, 10, 20)).toBe("fresh");
    expect(ticketAge(10, 10, 20)).toBe("warn");
    expect(ticketAge(20, 10, 20)).toBe("late");
    expect(ticketAge(7, 5, 8)).toBe("warn");
  });
  it("treats a threshold of 0 as off", () => {
    expect(ticketAge(90, 0, 0)).toBe("fresh");
  });
});

describe("the undo entry a prepare leaves (a line, 'All ready', or a bump on the board)", () => {
  const ticket = {
    id: 9,
    ticketId: 49,
    tableName: "Τ4",
    products: [
      { status: "PREPARED", orderProductIds: [1] },
      { status: "SENT", orderProductIds: [2, 3] },
      { status: "COMPLETE", orderProductIds: [4] },
    ],
  } as unknown as KitchenTicket;
  const meta = { id: "x", at: 5 };

  it("puts a completed ticket on whole: pieces prepared before and now, not the delivered ones", () => {
    expect(undoEntryAfterPrepare(ticket, { preparedIds: [2, 3], ticketCompleted: true }, meta)).toEqual({
      id: "x",
      at: 5,
      ticketId: 9,
      tableName: "Τ4",
      ticketNumber: 49,
      kind: "completed",
      orderProductIds: [1, 2, 3],
    });
  });

  it("puts a batch on alone, and nothing when nothing moved", () => {
    expect(undoEntryAfterPrepare(ticket, { preparedIds: [2], ticketCompleted: false }, meta)).toMatchObject({
      kind: "prepared",
      orderProductIds: [2],
    });
    expect(undoEntryAfterPrepare(ticket, { preparedIds: [], ticketCompleted: false }, meta)).toBeNull();
  });
});

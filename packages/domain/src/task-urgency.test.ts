import { describe, expect, it } from "vitest";
import { WAITER_REQUEST_TYPES, type WaiterRequestType } from "./enums.ts";
import { compareTasksByUrgency, guestIsWaiting, type RankedTask, taskUrgency } from "./task-urgency.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 20, minute)).toISOString();
const task = (id: number, type: WaiterRequestType, minute: number): RankedTask => ({ id, type, timestamp: at(minute) });
const order = (tasks: RankedTask[]) => [...tasks].sort(compareTasksByUrgency).map((t) => t.id);

describe("guestIsWaiting", () => {
  it("is a call or any of the four payment requests, nothing else", () => {
    expect(WAITER_REQUEST_TYPES.filter(guestIsWaiting)).toEqual([
      "PAYMENT",
      "PAYMENT_WITH_POS",
      "PARTIAL_PAYMENT",
      "PARTIAL_PAYMENT_WITH_POS",
      "WAITER_CALL",
    ]);
  });
});

describe("taskUrgency", () => {
  it("puts guests waiting first, food to carry next, a table to check after an online payment last", () => {
    expect(taskUrgency("WAITER_CALL")).toBe(0);
    expect(taskUrgency("PARTIAL_PAYMENT_WITH_POS")).toBe(0);
    expect(taskUrgency("PREPARATION_AREA_PICKUP")).toBe(1);
    expect(taskUrgency("SERVICE")).toBe(1);
    expect(taskUrgency("PAYMENT_NOTIFICATION")).toBe(2);
  });
});

describe("compareTasksByUrgency", () => {
  it("puts a fresh call and payment request above a late pickup, each kind oldest first", () => {
    const tasks = [
      task(1, "PREPARATION_AREA_PICKUP", 0), // 24' on the pass
      task(2, "PAYMENT_NOTIFICATION", 1),
      task(3, "SERVICE", 10),
      task(4, "WAITER_CALL", 20),
      task(5, "PAYMENT", 22),
      task(6, "PAYMENT_WITH_POS", 15),
      task(7, "PREPARATION_AREA_PICKUP", 5),
    ];
    expect(order(tasks)).toEqual([6, 4, 5, 1, 7, 3, 2]);
  });

  it("breaks a tie of kind and minute by the task's id, so the order is the same on every phone", () => {
    expect(order([task(9, "WAITER_CALL", 3), task(4, "PAYMENT", 3), task(7, "SERVICE", 3)])).toEqual([4, 9, 7]);
  });

  it("keeps a card's place as time passes: the order reads when a task arose, never its age now", () => {
    const tasks = [task(1, "SERVICE", 0), task(2, "PREPARATION_AREA_PICKUP", 30), task(3, "WAITER_CALL", 40)];
    expect(order(tasks)).toEqual([3, 1, 2]);
    expect(order([...tasks].reverse())).toEqual([3, 1, 2]);
  });
});

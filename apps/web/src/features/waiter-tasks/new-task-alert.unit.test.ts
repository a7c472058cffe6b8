import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import type { WaiterRequestType } from "@tableorder/domain/enums";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ARRIVAL_VIBRATION, announceArrivals, clearTaskToReveal, notificationSound, tasksThatRing } from "./new-task-alert.ts";

const task = (id: number, tableId: number, type: WaiterRequestType, timestamp = "2026-01-01T10:00:00Z"): WaiterFeedItem => ({
  id,
  requestId: id,
  type,
  timestamp,
  placement: `T${tableId}`,
  placementId: tableId,
  preparationArea: null,
  preparationAreaId: null,
  items: [],
  sum: 0,
  itemCount: 0,
});

const push = (tableId: number, items: WaiterFeedItem[]) => ({ type: "TABLE_TASKS" as const, tableId, items });

describe("which arrivals ring", () => {
  it("only tasks new to the feed ring, once", () => {
    const pickup = task(1, 10, "PREPARATION_AREA_PICKUP");
    const call = task(2, 10, "WAITER_CALL");
    const feed = [pickup];
    expect(tasksThatRing(feed, push(10, [pickup, call])).map((t) => t.id)).toEqual([2]);
    // The same call in the next push of that table (another task changed) does not ring again.
    expect(tasksThatRing([pickup, call], push(10, [pickup, call, task(3, 10, "SERVICE")]))).toEqual([]);
    // A new payment request at another table rings; a new pickup does not.
    expect(
      tasksThatRing(feed, push(20, [task(4, 20, "PAYMENT_WITH_POS"), task(5, 20, "PREPARATION_AREA_PICKUP")])).map((t) => t.id),
    ).toEqual([4]);
    // A table's tasks going away ring nothing.
    expect(tasksThatRing([pickup, call], push(10, []))).toEqual([]);
  });

  it("nothing rings before the feed's first answer: the whole list is not news", () => {
    expect(tasksThatRing(undefined, push(10, [task(2, 10, "WAITER_CALL")]))).toEqual([]);
  });
});

describe("an arrival is announced", () => {
  const plays = vi.fn(async () => {});
  const vibrate = vi.fn(() => true);
  vi.stubGlobal(
    "Audio",
    class {
      currentTime = 0;
      preload = "";
      play = plays;
    },
  );
  vi.stubGlobal("navigator", { vibrate });
  afterEach(() => {
    plays.mockClear();
    vibrate.mockClear();
    notificationSound.set(true);
    clearTaskToReveal();
  });

  it("with the bell and a vibration, and by the vibration alone when the sound is off", () => {
    announceArrivals([task(2, 10, "WAITER_CALL")]);
    expect(plays).toHaveBeenCalledTimes(1);
    expect(vibrate).toHaveBeenCalledWith(ARRIVAL_VIBRATION);

    notificationSound.set(false);
    announceArrivals([task(3, 10, "PAYMENT")]);
    expect(plays).toHaveBeenCalledTimes(1);
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  it("not at all when nothing rings", () => {
    announceArrivals([]);
    expect(plays).not.toHaveBeenCalled();
    expect(vibrate).not.toHaveBeenCalled();
  });
});

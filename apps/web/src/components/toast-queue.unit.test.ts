import { describe, expect, it } from "vitest";
import {
  afterNavigation,
  autoCloseMs,
  ERROR_TOAST_AUTO_CLOSE_MS,
  MAX_TOASTS,
  TOAST_AUTO_CLOSE_MS,
  type Toast,
  withToast,
} from "./toast-queue.ts";

const toast = (id: string, extra: Partial<Toast> = {}): Toast => ({ id, kind: "success", message: id, ...extra });

describe("toast queue", () => {
  it("closes every toast by itself, an error later, and only a persistent one stays", () => {
    expect(autoCloseMs(toast("a"))).toBe(TOAST_AUTO_CLOSE_MS);
    expect(autoCloseMs(toast("a", { kind: "info" }))).toBe(TOAST_AUTO_CLOSE_MS);
    expect(autoCloseMs(toast("a", { kind: "error" }))).toBe(ERROR_TOAST_AUTO_CLOSE_MS);
    expect(ERROR_TOAST_AUTO_CLOSE_MS).toBeGreaterThan(TOAST_AUTO_CLOSE_MS);
    expect(autoCloseMs(toast("a", { kind: "error", persistent: true }))).toBeNull();
  });

  it("stacks at most three, dropping the oldest that closes by itself", () => {
    let list: Toast[] = [];
    for (const id of ["1", "2", "3", "4", "5"]) list = withToast(list, toast(id));
    expect(MAX_TOASTS).toBe(3);
    expect(list.map((t) => t.id)).toEqual(["3", "4", "5"]);
    list = withToast([toast("offline", { persistent: true }), toast("1"), toast("2")], toast("3"));
    expect(list.map((t) => t.id)).toEqual(["offline", "2", "3"]);
  });

  it("replaces a toast with the same id in place", () => {
    const list = withToast([toast("1"), toast("2")], toast("1", { message: "again" }));
    expect(list.map((t) => t.message)).toEqual(["again", "2"]);
  });

  it("clears on navigation, keeping a persistent toast and the arrival's news for one screen", () => {
    const list = [toast("old"), toast("offline", { persistent: true }), toast("paid", { arrival: true })];
    const arrived = afterNavigation(list);
    expect(arrived.map((t) => t.id)).toEqual(["offline", "paid"]);
    expect(afterNavigation(arrived).map((t) => t.id)).toEqual(["offline"]);
  });
});

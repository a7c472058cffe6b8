import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A signed-in waiter (user 7 of venue 1), as the token in storage says.
const payload = btoa(JSON.stringify({ sub: "7", rid: 1 })).replace(/=+$/, "");
const calls: { path: string; key: string | null; body: unknown }[] = [];
let answer: () => Promise<Response> = () => Promise.reject(new TypeError("Failed to fetch"));

beforeAll(() => {
  vi.stubGlobal("localStorage", { getItem: () => `h.${payload}.s`, setItem() {}, removeItem() {} });
  vi.stubGlobal("fetch", (path: string, init: RequestInit) => {
    const body = typeof init.body === "string" ? JSON.parse(init.body) : null;
    calls.push({ path, key: (init.headers as Record<string, string>)["Idempotency-Key"] ?? null, body });
    return answer();
  });
});
afterAll(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("a staff action sent through sendStaffAction", () => {
  it("is kept when no answer comes, a later one waits behind it, and both go once the server answers, in order", async () => {
    const { sendStaffAction, staffAction, staffOutbox, StaffActionWaiting } = await import("./staff-action.ts");
    const deliver = staffAction("POST", "/api/feed/next-status", [1]);
    await expect(sendStaffAction(deliver, { quiet: true })).rejects.toBeInstanceOf(StaffActionWaiting);
    expect(staffOutbox.waiting().map((entry) => entry.action.idempotencyKey)).toEqual([deliver.idempotencyKey]);

    // The server answers now, but the earlier action waits: the new one goes behind it, not first.
    answer = () => json(200, {});
    const complete = staffAction("POST", "/api/feed/complete-request/3", {});
    await expect(sendStaffAction(complete, { quiet: true })).rejects.toBeInstanceOf(StaffActionWaiting);
    await vi.waitFor(() => expect(staffOutbox.waiting()).toHaveLength(0));
    const keys = calls.map((call) => call.key);
    // The first try of deliver, then the flush: deliver again with its key, then complete, once each.
    expect(keys).toEqual([deliver.idempotencyKey, deliver.idempotencyKey, complete.idempotencyKey]);
  });

  it("keeps a cash collection's tip with it: sent later with the same key and the same tip, once (issue 32)", async () => {
    const { sendStaffAction, staffAction, staffOutbox, StaffActionWaiting } = await import("./staff-action.ts");
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const body = { cashAmount: 550, cardAmount: 0, tipAmount: 150, tipMethod: "CASH", tipConfirmed: false };
    const collect = staffAction("POST", "/api/feed/table/6/complete-orders", body);
    await expect(sendStaffAction(collect, { quiet: true })).rejects.toBeInstanceOf(StaffActionWaiting);
    expect(staffOutbox.waiting().map((entry) => entry.action.body)).toEqual([body]);
    calls.length = 0;
    answer = () => json(200, { status: "COMPLETED", paymentId: 1, paidProductCount: 1, paidAmount: 550, tipAmount: 150 });
    await staffOutbox.flush();
    expect(staffOutbox.waiting()).toHaveLength(0);
    expect(calls).toEqual([{ path: "/api/feed/table/6/complete-orders", key: collect.idempotencyKey, body }]);
  });

  it("is not kept when the server answers with a refusal (4xx)", async () => {
    const { ApiError } = await import("./api-client.ts");
    const { sendStaffAction, staffAction, staffOutbox } = await import("./staff-action.ts");
    answer = () => json(400, { message: "error.already_paid" });
    const collect = staffAction("POST", "/api/feed/table/6/complete-orders", { cashAmount: 550 });
    await expect(sendStaffAction(collect, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(staffOutbox.waiting()).toHaveLength(0);
  });

  it("keeps a 5xx and a 409 still-running, which are no answer to the action", async () => {
    const { sendStaffAction, staffAction, staffOutbox, StaffActionWaiting } = await import("./staff-action.ts");
    answer = () => json(503, {});
    await expect(sendStaffAction(staffAction("PUT", "/api/cash-desk/table/2/bill"), { quiet: true })).rejects.toBeInstanceOf(
      StaffActionWaiting,
    );
    expect(staffOutbox.waiting()).toHaveLength(1);
    answer = () =>
      Promise.resolve(new Response("{}", { status: 409, headers: { "X-App-Error": "error.idempotency_request_in_progress" } }));
    await staffOutbox.flush();
    expect(staffOutbox.waiting()).toHaveLength(1);
    answer = () => json(200, {});
    await staffOutbox.flush();
    expect(staffOutbox.waiting()).toHaveLength(0);
  });
});

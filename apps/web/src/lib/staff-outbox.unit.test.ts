import { describe, expect, it } from "vitest";
import type { StaffAction } from "./staff-action.ts";
import { memoryOutboxStore, type SendOutcome, StaffOutbox, tokenOwner } from "./staff-outbox.ts";

const action = (n: number): StaffAction => ({
  method: "POST",
  path: `/api/feed/complete-request/${n}`,
  body: {},
  idempotencyKey: `key-${n}`,
});

/** An outbox whose server answers as told, remembering every call in the order it came. */
function outboxWith(answer: (action: StaffAction) => SendOutcome, owner = { current: "7@1" as string | null }) {
  const calls: string[] = [];
  const store = memoryOutboxStore();
  const outbox = new StaffOutbox(
    store,
    async (sent) => {
      calls.push(sent.idempotencyKey);
      return answer(sent);
    },
    () => owner.current,
  );
  return { outbox, calls, store, owner };
}

describe("the staff outbox", () => {
  it("sends waiting actions one at a time, in the order they were taken, each once", async () => {
    const { outbox, calls } = outboxWith(() => ({ answered: true }));
    for (const n of [1, 2, 3]) await outbox.keep(action(n));
    expect(outbox.waiting()).toHaveLength(3);
    const report = await outbox.flush();
    expect(calls).toEqual(["key-1", "key-2", "key-3"]);
    expect(report.sent.map((entry) => entry.action.idempotencyKey)).toEqual(["key-1", "key-2", "key-3"]);
    expect(outbox.waiting()).toHaveLength(0);
    await outbox.flush();
    expect(calls).toHaveLength(3);
  });

  it("keeps an action and everything after it when no answer comes, and sends them later with the same keys", async () => {
    let reachable = false;
    const { outbox, calls } = outboxWith((sent) =>
      reachable || sent.idempotencyKey === "key-1" ? { answered: true } : { answered: false },
    );
    for (const n of [1, 2, 3]) await outbox.keep(action(n));
    const first = await outbox.flush();
    expect(first.stopped).toBe(true);
    expect(first.sent).toHaveLength(1);
    // Stopped at the second: the third was not tried, so it cannot overtake it.
    expect(calls).toEqual(["key-1", "key-2"]);
    expect(outbox.waiting().map((entry) => entry.action.idempotencyKey)).toEqual(["key-2", "key-3"]);
    reachable = true;
    const second = await outbox.flush();
    expect(second.stopped).toBe(false);
    expect(calls).toEqual(["key-1", "key-2", "key-2", "key-3"]);
  });

  it("settles an action the server refused (a 4xx answer) and goes on, reporting the refusal", async () => {
    const conflict = new Error("request_already_handled");
    const { outbox } = outboxWith((sent) =>
      sent.idempotencyKey === "key-1" ? { answered: true, refusal: conflict } : { answered: true },
    );
    await outbox.keep(action(1));
    await outbox.keep(action(2));
    const report = await outbox.flush();
    expect(report.refused).toEqual([{ entry: expect.objectContaining({ action: action(1) }), refusal: conflict }]);
    expect(report.sent.map((entry) => entry.action.idempotencyKey)).toEqual(["key-2"]);
    expect(outbox.waiting()).toHaveLength(0);
  });

  it("joins a flush already running instead of sending the same action twice", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    const outbox = new StaffOutbox(
      memoryOutboxStore(),
      async (sent) => {
        calls.push(sent.idempotencyKey);
        await gate;
        return { answered: true };
      },
      () => "7@1",
    );
    await outbox.keep(action(1));
    const both = Promise.all([outbox.flush(), outbox.flush()]);
    release();
    await both;
    expect(calls).toEqual(["key-1"]);
  });

  it("sends an action kept during a flush after the ones before it", async () => {
    const calls: string[] = [];
    let outbox: StaffOutbox;
    outbox = new StaffOutbox(
      memoryOutboxStore(),
      async (sent) => {
        calls.push(sent.idempotencyKey);
        if (sent.idempotencyKey === "key-1") await outbox.keep(action(2));
        return { answered: true };
      },
      () => "7@1",
    );
    await outbox.keep(action(1));
    await outbox.flush();
    expect(calls).toEqual(["key-1", "key-2"]);
  });

  it("keeps the same action (its key) once, however often it is kept", async () => {
    const { outbox } = outboxWith(() => ({ answered: true }));
    await outbox.keep(action(1));
    await outbox.keep(action(1));
    expect(outbox.waiting()).toHaveLength(1);
  });

  it("sends only the signed-in owner's actions and keeps another's until they return", async () => {
    const { outbox, calls, owner } = outboxWith(() => ({ answered: true }));
    await outbox.keep(action(1));
    owner.current = "8@1";
    outbox.ownerChanged();
    expect(outbox.waiting()).toHaveLength(0);
    expect(outbox.othersWaiting()).toBe(1);
    await outbox.keep(action(2));
    await outbox.flush();
    expect(calls).toEqual(["key-2"]);
    owner.current = "7@1";
    outbox.ownerChanged();
    await outbox.flush();
    expect(calls).toEqual(["key-2", "key-1"]);
  });

  it("keeps nothing without a signed-in owner", async () => {
    const { outbox } = outboxWith(() => ({ answered: true }), { current: null });
    expect(await outbox.keep(action(1))).toBeNull();
    expect(outbox.waiting()).toHaveLength(0);
  });

  it("finds what an earlier page kept in its store (a reload)", async () => {
    const first = outboxWith(() => ({ answered: false }));
    await first.outbox.keep(action(1));
    await first.outbox.keep(action(2));
    const calls: string[] = [];
    const reloaded = new StaffOutbox(
      first.store,
      async (sent) => {
        calls.push(sent.idempotencyKey);
        return { answered: true };
      },
      () => "7@1",
    );
    await reloaded.load();
    expect(reloaded.waiting()).toHaveLength(2);
    await reloaded.flush();
    expect(calls).toEqual(["key-1", "key-2"]);
  });
});

describe("a token's owner", () => {
  it("is its user and venue", () => {
    const payload = btoa(JSON.stringify({ sub: "12", rid: 3, role: "ROLE_EMPLOYEE" })).replace(/=+$/, "");
    expect(tokenOwner(`h.${payload}.s`)).toBe("12@3");
    expect(tokenOwner(null)).toBeNull();
    expect(tokenOwner("not-a-token")).toBeNull();
  });
});

import { idempotencyKey } from "@tableorder/domain/contracts/orders";
import { describe, expect, it } from "vitest";
import {
  decideKey,
  FIRST_ANSWER_WAIT_MS,
  KEY_LIFETIME_HOURS,
  requestFingerprint,
  type StoredKey,
} from "./idempotent-requests.ts";

const now = new Date("2026-11-29T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const route = "POST /api/feed/next-status";
const fingerprint = requestFingerprint(route, { params: {}, query: {}, body: [1, 2] });
const stored = (values: Partial<StoredKey> = {}): StoredKey => ({
  fingerprint,
  createdAt: ago(1000),
  replyStatus: 200,
  replyHeaders: { "content-type": "application/json; charset=utf-8" },
  replyBody: '{"orderProductIds":[1,2]}',
  ...values,
});

describe("the Idempotency-Key rule", () => {
  it("takes keys of 8 to 100 characters, spaces around them aside", () => {
    expect(idempotencyKey.safeParse("1234567").success).toBe(false);
    expect(idempotencyKey.parse(" 12345678 ")).toBe("12345678");
    expect(idempotencyKey.safeParse("x".repeat(100)).success).toBe(true);
    expect(idempotencyKey.safeParse("x".repeat(101)).success).toBe(false);
  });

  it("runs an unknown key, and a key older than its lifetime as unknown", () => {
    expect(decideKey(null, fingerprint, now)).toEqual({ kind: "new" });
    expect(decideKey(stored({ createdAt: ago(KEY_LIFETIME_HOURS * 3_600_000) }), fingerprint, now)).toEqual({ kind: "new" });
  });

  it("answers the same request again with the first status, headers and body", () => {
    expect(decideKey(stored(), fingerprint, now)).toEqual({
      kind: "replay",
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: '{"orderProductIds":[1,2]}',
    });
  });

  it("refuses the key for another body, route or path, even before the first answered", () => {
    for (const other of [
      requestFingerprint(route, { params: {}, query: {}, body: [1] }),
      requestFingerprint("POST /api/feed/undo-status", { params: {}, query: {}, body: [1, 2] }),
      requestFingerprint(route, { params: { id: 2 }, query: {}, body: [1, 2] }),
    ]) {
      expect(decideKey(stored(), other, now)).toEqual({ kind: "reused" });
      expect(decideKey(stored({ replyStatus: null }), other, now)).toEqual({ kind: "reused" });
    }
  });

  it("tells a first request still running from one whose answer was lost with its instance", () => {
    const unanswered = { replyStatus: null, replyBody: null, replyHeaders: null };
    expect(decideKey(stored({ ...unanswered, createdAt: ago(FIRST_ANSWER_WAIT_MS - 1) }), fingerprint, now)).toEqual({
      kind: "in-progress",
    });
    expect(decideKey(stored({ ...unanswered, createdAt: ago(FIRST_ANSWER_WAIT_MS) }), fingerprint, now)).toEqual({
      kind: "reply-lost",
    });
  });
});

import { describe, expect, it } from "vitest";
import { CANCEL_REASON_LABELS, CANCEL_REASONS, cancelNeedsReason, needsCancelReason } from "./cancel-reason.ts";

describe("which cancelled pieces need a reason", () => {
  it("a piece the kitchen has not prepared needs none; a prepared or delivered one does", () => {
    expect(needsCancelReason({ status: "SENT" })).toBe(false);
    expect(needsCancelReason({ status: "PREPARED" })).toBe(true);
    expect(needsCancelReason({ status: "COMPLETE" })).toBe(true);
  });

  it("a selection needs a reason as soon as one of its pieces is prepared", () => {
    expect(cancelNeedsReason([])).toBe(false);
    expect(cancelNeedsReason([{ status: "SENT" }, { status: "SENT" }])).toBe(false);
    expect(cancelNeedsReason([{ status: "SENT" }, { status: "PREPARED" }])).toBe(true);
    expect(cancelNeedsReason([{ status: "COMPLETE" }])).toBe(true);
  });

  it("every reason has words in Greek and English", () => {
    for (const reason of CANCEL_REASONS) {
      expect(CANCEL_REASON_LABELS[reason].el).not.toBe("");
      expect(CANCEL_REASON_LABELS[reason].en).not.toBe("");
    }
  });
});

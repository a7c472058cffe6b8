import type { OrderProductStatus } from "./enums.ts";

/**
 * Why a waiter took back pieces the kitchen had already prepared (issue 31): food was made for
 * nothing, so the owner reads on the audit trail whether it was thrown away, the guest changed
 * their mind, or someone made a mistake.
 */
export const CANCEL_REASONS = ["WASTE", "GUEST_CHANGED_MIND", "MISTAKE"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What the waiter chooses and the owner reads for each reason. */
export const CANCEL_REASON_LABELS: Record<CancelReason, { el: string; en: string }> = {
  WASTE: { el: "Φύρα", en: "Waste" },
  GUEST_CHANGED_MIND: { el: "Ο πελάτης άλλαξε γνώμη", en: "Guest changed their mind" },
  MISTAKE: { el: "Λάθος", en: "Mistake" },
};

/** A piece past the kitchen (prepared, or already delivered) is food made: cancelling it needs a reason. */
export function needsCancelReason(piece: { status: OrderProductStatus | string }): boolean {
  return piece.status !== "SENT";
}

/** Whether cancelling these pieces together needs a reason: any one of them already prepared. */
export function cancelNeedsReason(pieces: readonly { status: OrderProductStatus | string }[]): boolean {
  return pieces.some(needsCancelReason);
}

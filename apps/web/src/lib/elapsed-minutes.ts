/**
 * Whole minutes since a ticket was sent, as the cook reads them (N'; 0' under a minute). A
 * clock slightly behind the server never shows a negative age.
 */
export function elapsedMinutes(sentAt: string, now: number): number {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return 0;
  return Math.max(0, Math.floor((now - sent) / 60_000));
}

export type TicketAge = "fresh" | "warn" | "late";

/** Minutes after which something waiting looks urgent (warn) and late. */
export interface AgeThresholds {
  warn: number;
  late: number;
}

/**
 * The kitchen's defaults (an area that has not said), which the waiter's tasks age by too:
 * something waiting 10' for anyone in the venue wants a look, 20' is late.
 */
export const DEFAULT_THRESHOLDS: AgeThresholds = { warn: 10, late: 20 };

/**
 * How urgent a ticket or a waiter's task looks, by the area's own thresholds
 * (feed.ageWarnMinutes / ageLateMinutes) or the defaults: the oldest change colour so none is
 * forgotten in a rush.
 */
export function ticketAge(minutes: number, warnMinutes: number, lateMinutes: number): TicketAge {
  if (lateMinutes > 0 && minutes >= lateMinutes) return "late";
  if (warnMinutes > 0 && minutes >= warnMinutes) return "warn";
  return "fresh";
}

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

/**
 * How urgent a ticket looks, by the area's own thresholds (feed.ageWarnMinutes / ageLateMinutes):
 * the oldest tickets change colour so none is forgotten in a rush.
 */
export function ticketAge(minutes: number, warnMinutes: number, lateMinutes: number): TicketAge {
  if (lateMinutes > 0 && minutes >= lateMinutes) return "late";
  if (warnMinutes > 0 && minutes >= warnMinutes) return "warn";
  return "fresh";
}

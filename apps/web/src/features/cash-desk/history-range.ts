import type { HistoryTicket } from "@tableorder/domain/contracts/cash-desk";

/** The venue's clock: history days and times are Athens days and times (architecture: time). */
export const VENUE_TIME_ZONE = "Europe/Athens";

export interface HistoryRange {
  /** YYYY-MM-DD, the venue's calendar day. */
  startDate: string;
  endDate: string;
}

export type HistoryRangeError = "startRequired" | "endRequired" | "future" | "endBeforeStart";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: VENUE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Athens calendar day (YYYY-MM-DD) an instant falls on. */
export function venueDay(instant: Date | string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  return dayFormat.format(date);
}

/** Today in Athens: the filter's default and its upper bound. */
export function todayRange(now: Date = new Date()): HistoryRange {
  const today = venueDay(now);
  return { startDate: today, endDate: today };
}

/**
 * Why a chosen range cannot be asked for, or null. Dates cannot be in the future (as in the
 * stats filters, spec 3 §5) and the end cannot come before the start (the server refuses it too).
 */
export function checkHistoryRange(range: HistoryRange, now: Date = new Date()): HistoryRangeError | null {
  if (!range.startDate) return "startRequired";
  if (!range.endDate) return "endRequired";
  const today = venueDay(now);
  if (range.startDate > today || range.endDate > today) return "future";
  if (range.endDate < range.startDate) return "endBeforeStart";
  return null;
}

/** Whether a sale belongs on a list filtered to this range (days compared in Athens). */
export function isInHistoryRange(ticket: Pick<HistoryTicket, "timestamp">, range: HistoryRange): boolean {
  const day = venueDay(ticket.timestamp);
  return day >= range.startDate && day <= range.endDate;
}

const newestFirst = (a: HistoryTicket, b: HistoryTicket) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id - a.id;

/**
 * A pushed sale joins the list shown (newest first) or replaces its earlier version; a sale
 * outside the range shown leaves the list as it is.
 */
export function upsertHistoryTicket(
  tickets: readonly HistoryTicket[],
  ticket: HistoryTicket,
  range: HistoryRange,
): readonly HistoryTicket[] {
  const index = tickets.findIndex((item) => item.id === ticket.id);
  if (!isInHistoryRange(ticket, range)) return index === -1 ? tickets : tickets.filter((item) => item.id !== ticket.id);
  const next = index === -1 ? [...tickets, ticket] : tickets.map((item) => (item.id === ticket.id ? ticket : item));
  return next.sort(newestFirst);
}

/** Orders a fetched list the way the screen shows it. */
export function sortHistory(tickets: readonly HistoryTicket[]): HistoryTicket[] {
  return [...tickets].sort(newestFirst);
}

import type { StatsRequest } from "../contracts/stats.ts";

/**
 * What a stats request asks for, checked against today (spec 3 §4, §5): the Athens calendar days
 * and the wall-clock minutes it covers. Pure, so the filters screen refuses what the server would.
 */
export interface StatsPeriod {
  startDate: string;
  endDate: string;
  /** Minutes after midnight, inclusive both ends; null means the whole day. */
  startMinute: number | null;
  endMinute: number | null;
  /** No filter at all: today's figures, updated as payments land. */
  live: boolean;
}

export type StatsPeriodError = "stats_end_before_start" | "future_date";

/** A request with no filter at all is live (today's figures, spec 3 §4). */
export function isUnfiltered(request: StatsRequest): boolean {
  return (
    !request.dateFilters &&
    !request.timeFilters &&
    !request.orderSourceFilters?.length &&
    !request.tableFilters?.length &&
    !request.prepAreaFilters?.length
  );
}

export const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The period of a request, or the key of what is wrong with it: an end before its start (dates or
 * times) is stats_end_before_start, a day after today is future_date. No date filter means today.
 */
export function resolveStatsPeriod(request: StatsRequest, today: string): StatsPeriod | StatsPeriodError {
  const startDate = request.dateFilters?.startDate ?? today;
  const endDate = request.dateFilters?.endDate ?? startDate;
  if (endDate < startDate) return "stats_end_before_start";
  if (startDate > today || endDate > today) return "future_date";
  const time = request.timeFilters;
  const startMinute = time ? minuteOfDay(time.startTime) : null;
  const endMinute = time ? minuteOfDay(time.endTime) : null;
  if (startMinute != null && endMinute != null && endMinute < startMinute) return "stats_end_before_start";
  return { startDate, endDate, startMinute, endMinute, live: isUnfiltered(request) };
}

/** Calendar days from start to end, both included (YYYY-MM-DD, no time zone involved). */
export function daysBetween(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

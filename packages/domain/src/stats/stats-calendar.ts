/**
 * The stats filters' pickers (spec 3 §5, §9): a month grid of 42 days with weeks starting Monday,
 * years from 2000 to this year newest first, hours 0-23 and minutes in steps of 5, two digits.
 */

export const FIRST_STATS_YEAR = 2000;

export const pad2 = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD of a year, a month (1-12) and a day. */
export const isoDay = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

export interface MonthCell {
  date: string;
  day: number;
  /** The day belongs to the month shown (not to the weeks around it). */
  inMonth: boolean;
}

/** The 42 cells of a month (1-12): from the Monday on or before the 1st, six full weeks. */
export function monthGrid(year: number, month: number): MonthCell[] {
  const first = Date.UTC(year, month - 1, 1);
  const weekday = (new Date(first).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = first - weekday * 86_400_000;
  return Array.from({ length: 42 }, (_, i) => {
    const date = new Date(start + i * 86_400_000);
    return { date: date.toISOString().slice(0, 10), day: date.getUTCDate(), inMonth: date.getUTCMonth() === month - 1 };
  });
}

/** Year choices: this year down to 2000. */
export function yearChoices(thisYear: number): number[] {
  return Array.from({ length: thisYear - FIRST_STATS_YEAR + 1 }, (_, i) => thisYear - i);
}

export const HOUR_CHOICES = Array.from({ length: 24 }, (_, i) => pad2(i));
export const MINUTE_CHOICES = Array.from({ length: 12 }, (_, i) => pad2(i * 5));

/** The last day of a month (1-12). */
export const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A period's end never goes past today (spec 3 §5: no date in the future). */
export const capAtToday = (date: string, today: string) => (date > today ? today : date);

/** The days a Month or Year choice covers, capped at today. */
export function monthRange(year: number, month: number, today: string) {
  return { startDate: isoDay(year, month, 1), endDate: capAtToday(isoDay(year, month, lastDayOfMonth(year, month)), today) };
}
export function yearRange(year: number, today: string) {
  return { startDate: isoDay(year, 1, 1), endDate: capAtToday(isoDay(year, 12, 31), today) };
}

import { MAX_RATING_DAYS, type RatingsQueryInput } from "@tableorder/domain/contracts/ratings";
import { RATING_MAX_STARS, RATING_MIN_STARS } from "@tableorder/domain/ratings";
import { checkDayRange, type DayRangeError, daysBefore, isDay } from "../../lib/day-range.ts";

/** The reviews screen's filters, kept in the URL so a filtered view can be reloaded or shared. */
export interface RatingsFilters {
  /** Athens calendar days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Narrows the list to ratings of these stars; the averages count every rating. */
  stars: number | null;
}

/** What the screen shows first: the last week, today included. */
export const DEFAULT_DAYS = 7;

/** The filters a URL names; what it leaves out (or garbles) is the last week and every star. */
export function ratingsFiltersFromSearch(search: URLSearchParams, today: string): RatingsFilters {
  const from = isDay(search.get("from")) ? (search.get("from") as string) : daysBefore(today, DEFAULT_DAYS - 1);
  const to = isDay(search.get("to")) ? (search.get("to") as string) : today;
  const stars = Number(search.get("stars"));
  return {
    from,
    to,
    stars: Number.isInteger(stars) && stars >= RATING_MIN_STARS && stars <= RATING_MAX_STARS ? stars : null,
  };
}

/** The URL query of a set of filters; the defaults stay out of it. */
export function ratingsFiltersToSearch(filters: RatingsFilters, today: string): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.from !== daysBefore(today, DEFAULT_DAYS - 1)) search.set("from", filters.from);
  if (filters.to !== today) search.set("to", filters.to);
  if (filters.stars != null) search.set("stars", String(filters.stars));
  return search;
}

/** Why the range cannot be asked for, or null (the server refuses the same, over MAX_RATING_DAYS). */
export const checkRatingsRange = (filters: Pick<RatingsFilters, "from" | "to">, today: string): DayRangeError | null =>
  checkDayRange(filters, today, MAX_RATING_DAYS);

/** The API's query for the filters (GET api/crm/ratings). */
export function ratingsApiQuery(filters: RatingsFilters): URLSearchParams {
  const query: Record<keyof RatingsQueryInput, string | undefined> = {
    from: filters.from,
    to: filters.to,
    stars: filters.stars == null ? undefined : String(filters.stars),
  };
  return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

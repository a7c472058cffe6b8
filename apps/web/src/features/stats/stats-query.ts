import type { StatsRequest } from "@tableorder/domain/contracts/stats";
import { SERVICE_MODES, type ServiceMode } from "@tableorder/domain/enums";

/**
 * The stats filters as the URL query carries them (spec 3 §2.4: filters live in the query string),
 * so a reload or a shared link shows the same figures:
 * `mode` DAY|MONTH|YEAR|CUSTOM, `from`/`to` YYYY-MM-DD, `tf`/`tt` HH:mm, `src`, `tables`, `areas`
 * comma-separated.
 */
export type DateMode = "DAY" | "MONTH" | "YEAR" | "CUSTOM";
export const DATE_MODES: readonly DateMode[] = ["DAY", "MONTH", "YEAR", "CUSTOM"];

export interface StatsFilters {
  mode: DateMode;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  sources: ServiceMode[];
  tableIds: number[];
  areaIds: number[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const ids = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** Reads the filters from a query string; anything malformed is left out rather than sent. */
export function filtersFromQuery(query: URLSearchParams): StatsFilters {
  const mode = query.get("mode");
  const day = (key: string) => {
    const value = query.get(key);
    return value && DAY.test(value) ? value : null;
  };
  const time = (key: string) => {
    const value = query.get(key);
    return value && TIME.test(value) ? value : null;
  };
  // A time window needs both ends.
  const [startTime, endTime] = time("tf") && time("tt") ? [time("tf"), time("tt")] : [null, null];
  return {
    mode: DATE_MODES.includes(mode as DateMode) ? (mode as DateMode) : "DAY",
    startDate: day("from"),
    endDate: day("to"),
    startTime,
    endTime,
    sources: (query.get("src") ?? "").split(",").filter((s): s is ServiceMode => SERVICE_MODES.includes(s as ServiceMode)),
    tableIds: ids(query.get("tables")),
    areaIds: ids(query.get("areas")),
  };
}

/** Writes the filters into a query string; empty filters leave no trace, so "no filter" is a bare URL. */
export function filtersToQuery(filters: StatsFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.startDate) {
    query.set("mode", filters.mode);
    query.set("from", filters.startDate);
    if (filters.endDate && filters.endDate !== filters.startDate) query.set("to", filters.endDate);
  }
  if (filters.startTime && filters.endTime) {
    query.set("tf", filters.startTime);
    query.set("tt", filters.endTime);
  }
  if (filters.sources.length) query.set("src", filters.sources.join(","));
  if (filters.tableIds.length) query.set("tables", filters.tableIds.join(","));
  if (filters.areaIds.length) query.set("areas", filters.areaIds.join(","));
  return query;
}

/** The POST api/stats body of the filters; no filter at all asks for today, live (spec 3 §7.3). */
export function filtersToRequest(filters: StatsFilters): StatsRequest {
  const request: StatsRequest = {};
  if (filters.startDate) request.dateFilters = { startDate: filters.startDate, endDate: filters.endDate ?? filters.startDate };
  if (filters.startTime && filters.endTime) request.timeFilters = { startTime: filters.startTime, endTime: filters.endTime };
  if (filters.sources.length) request.orderSourceFilters = filters.sources;
  if (filters.tableIds.length) request.tableFilters = filters.tableIds;
  if (filters.areaIds.length) request.prepAreaFilters = filters.areaIds;
  const live =
    !request.dateFilters &&
    !request.timeFilters &&
    !filters.sources.length &&
    !filters.tableIds.length &&
    !filters.areaIds.length;
  return { live, ...request };
}

export const NO_FILTERS: StatsFilters = {
  mode: "DAY",
  startDate: null,
  endDate: null,
  startTime: null,
  endTime: null,
  sources: [],
  tableIds: [],
  areaIds: [],
};

import { AUDIT_KINDS, type AuditKind, type AuditQueryInput, MAX_AUDIT_DAYS } from "@tableorder/domain/contracts/audit";

/** The audit screen's filters, kept in the URL so a filtered view can be reloaded or shared. */
export interface AuditFilters {
  /** Athens calendar days, YYYY-MM-DD. */
  from: string;
  to: string;
  actorUserId: number | null;
  kind: AuditKind | null;
  page: number;
}

export type AuditRangeError = "required" | "future" | "endBeforeStart" | "tooLong";

const isDay = (value: string | null): value is string => value != null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const wholeDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The filters a URL names; what it leaves out (or garbles) is today, everyone, every kind, page 1. */
export function auditFiltersFromSearch(search: URLSearchParams, today: string): AuditFilters {
  const from = isDay(search.get("from")) ? (search.get("from") as string) : today;
  const to = isDay(search.get("to")) ? (search.get("to") as string) : from;
  const actor = Number(search.get("staff"));
  const kind = search.get("kind");
  const page = Number(search.get("page"));
  return {
    from,
    to,
    actorUserId: Number.isInteger(actor) && actor > 0 ? actor : null,
    kind: AUDIT_KINDS.includes(kind as AuditKind) ? (kind as AuditKind) : null,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The URL query of a set of filters; the defaults stay out of it. */
export function auditFiltersToSearch(filters: AuditFilters, today: string): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.from !== today || filters.to !== today) search.set("from", filters.from);
  if (filters.to !== filters.from) search.set("to", filters.to);
  if (filters.actorUserId != null) search.set("staff", String(filters.actorUserId));
  if (filters.kind) search.set("kind", filters.kind);
  if (filters.page > 0) search.set("page", String(filters.page + 1));
  return search;
}

/**
 * Why a range cannot be asked for, or null: both days are needed, none in the future, the end not
 * before the start, and at most MAX_AUDIT_DAYS days (the server refuses the same).
 */
export function checkAuditRange(filters: Pick<AuditFilters, "from" | "to">, today: string): AuditRangeError | null {
  if (!isDay(filters.from) || !isDay(filters.to)) return "required";
  if (filters.from > today || filters.to > today) return "future";
  if (filters.to < filters.from) return "endBeforeStart";
  if (wholeDays(filters.from, filters.to) > MAX_AUDIT_DAYS) return "tooLong";
  return null;
}

/** The API's query for the filters (GET api/crm/audit and api/crm/audit.csv). */
export function auditApiQuery(filters: AuditFilters): URLSearchParams {
  const query: Record<keyof AuditQueryInput, string | undefined> = {
    from: filters.from,
    to: filters.to,
    actorUserId: filters.actorUserId == null ? undefined : String(filters.actorUserId),
    kind: filters.kind ?? undefined,
    page: String(filters.page),
  };
  return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

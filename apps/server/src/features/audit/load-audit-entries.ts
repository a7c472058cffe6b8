import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery, MAX_AUDIT_DAYS } from "@tableorder/domain/contracts/audit";
import { and, asc, count, desc, eq, gte, lt, ne, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { auditEntries, users } from "../../db/schema.ts";
import { staffDisplayName } from "../../lib/audit-trail.ts";
import { athensDayEnd, athensDayRange, athensDayStart } from "../../lib/venue-time.ts";

type EntryRow = typeof auditEntries.$inferSelect;

/** A checked read of the trail: the caller's venue, its Athens days and its filters. */
export interface AuditScope {
  retailerId: number;
  from: string;
  to: string;
  actorUserId?: number;
  kind?: AuditQuery["kind"];
}

/**
 * The days and filters of a query for the caller's venue: with no day it reads today, with one day
 * that day; the end may not come before the start and at most MAX_AUDIT_DAYS days are read at once (invalid_date_range).
 * A staff member of another venue needs no check: the venue's condition leaves nothing to find, the
 * same answer as for an id that does not exist.
 */
export function resolveAuditScope(retailerId: number, query: AuditQuery, now = new Date()): AuditScope {
  const { from, to } = athensDayRange(query, MAX_AUDIT_DAYS, now);
  return { retailerId, from, to, actorUserId: query.actorUserId, kind: query.kind };
}

function matching(scope: AuditScope): SQL | undefined {
  return and(
    eq(auditEntries.retailerId, scope.retailerId),
    gte(auditEntries.createdAt, athensDayStart(scope.from)),
    lt(auditEntries.createdAt, athensDayEnd(scope.to)),
    scope.actorUserId == null ? undefined : eq(auditEntries.actorUserId, scope.actorUserId),
    scope.kind == null ? undefined : eq(auditEntries.kind, scope.kind),
  );
}

function present(row: EntryRow): AuditPage["entries"][number] {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind as AuditPage["entries"][number]["kind"],
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    actorRole: row.actorRole,
    tableId: row.tableId,
    tableLabel: row.tableLabel,
    subject: row.subject,
    amountBeforeCents: row.amountBeforeCents,
    amountAfterCents: row.amountAfterCents,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

/** One page of the venue's trail in the scope, newest first, with how many entries match in all. */
export async function loadAuditPage(db: Queryable, scope: AuditScope, page: number): Promise<AuditPage> {
  const where = matching(scope);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(page * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  return {
    entries: rows.map(present),
    total: Number(total),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    from: scope.from,
    to: scope.to,
  };
}

/** Every entry of the scope, oldest first, as the CSV lists them. */
export async function loadAllAuditEntries(db: Queryable, scope: AuditScope) {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(matching(scope))
    .orderBy(asc(auditEntries.createdAt), asc(auditEntries.id));
  return rows.map(present);
}

/**
 * The venue's staff for the trail's filter: every account that can act (not guests), deleted ones
 * too, since their entries stay; named as staff see one another.
 */
export async function listAuditStaff(db: Queryable, retailerId: number) {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      login: users.login,
      role: users.role,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(and(eq(users.retailerId, retailerId), ne(users.role, "USER")))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: staffDisplayName(u), role: u.role, deleted: u.deletedAt != null }));
}

import type { OperatorVenue } from "@tableorder/domain/contracts/operator";
import { PRINT_WINDOW_HOURS } from "@tableorder/domain/fiscal/document-printing";
import { desc, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  documents,
  kitchenTickets,
  orders,
  payments,
  preparationAreas,
  retailers,
  tableSessions,
  users,
} from "../../db/schema.ts";
import { athensDayStart, todayInAthens } from "../../lib/venue-time.ts";

/**
 * The venue row the subqueries belong to, named in full: Drizzle may write a column unqualified,
 * and inside a subquery "id" would be the subquery's own.
 */
const THIS_VENUE = sql.raw('"retailers"."id"');

/** A print job older than this has met a printer that does not answer (screens print within seconds). */
const STUCK_PRINT_MINUTES = 5;

/**
 * The venues with the signs of life an operator watches (issue 18): the last order, the tables
 * opened today, prints stuck (a ticket of an automatically printing area, or a document at the
 * till, waiting more than a few minutes: the printer does not answer), card-terminal sales that
 * failed today, and fiscal documents myDATA has not accepted yet. Counts only: no order, guest or
 * payment is shown. One statement, each figure a subquery over the venue's own indexed rows.
 */
export async function listVenues(db: Db, onlyIds?: number[]): Promise<OperatorVenue[]> {
  const dayStart = athensDayStart(todayInAthens());
  const stuckBefore = sql`now() - make_interval(mins => ${STUCK_PRINT_MINUTES})`;
  const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);
  const rows = await db
    .select({
      id: retailers.id,
      name: retailers.name,
      type: retailers.type,
      createdAt: retailers.createdAt,
      disabledAt: retailers.disabledAt,
      adminUsername: sql<string | null>`admin.login`,
      adminHasPassword: sql<boolean>`coalesce(admin.password_hash is not null, false)`,
      lastOrderAt:
        sql<Date | null>`(select max(${orders.createdAt}) from ${orders} where ${orders.retailerId} = ${THIS_VENUE})`.mapWith(
          (value: string | Date | null) => (value == null ? null : new Date(value)),
        ),
      tablesOpenedToday: count(
        sql`select count(distinct ${tableSessions.tableId}) from ${tableSessions}
            where ${tableSessions.retailerId} = ${THIS_VENUE} and ${tableSessions.openedAt} >= ${dayStart}`,
      ),
      ticketsStuck: count(
        sql`select count(*) from ${kitchenTickets} join ${preparationAreas} on ${preparationAreas.id} = ${kitchenTickets.preparationAreaId}
            where ${kitchenTickets.retailerId} = ${THIS_VENUE} and ${preparationAreas.autoPrint}
              and not ${kitchenTickets.printed} and ${kitchenTickets.completedAt} is null and ${kitchenTickets.createdAt} < ${stuckBefore}`,
      ),
      documentsStuck: count(
        sql`select count(*) from ${documents}
            where ${documents.retailerId} = ${THIS_VENUE} and ${documents.printedAt} is null
              and ${documents.issuedAt} > now() - make_interval(hours => ${PRINT_WINDOW_HOURS}) and ${documents.issuedAt} < ${stuckBefore}`,
      ),
      terminalSalesFailedToday: count(
        sql`select count(*) from ${payments}
            where ${payments.retailerId} = ${THIS_VENUE} and ${payments.cardTerminalId} is not null
              and ${payments.status} not in ('PENDING', 'COMPLETED') and ${payments.createdAt} >= ${dayStart}`,
      ),
      fiscalDocumentsWaiting: count(
        sql`select count(*) from ${documents} where ${documents.retailerId} = ${THIS_VENUE} and ${documents.status} = 'PENDING'`,
      ),
    })
    .from(retailers)
    // The venue's first administrator: the one the operator created with it.
    .leftJoin(
      sql`lateral (select ${users.login} as login, ${users.passwordHash} as password_hash from ${users}
          where ${users.retailerId} = ${THIS_VENUE} and ${users.role} = 'ADMIN' and ${users.deletedAt} is null
          order by ${users.id} limit 1) as admin`,
      sql`true`,
    )
    .where(onlyIds ? inArray(retailers.id, onlyIds) : undefined)
    .orderBy(desc(retailers.createdAt), desc(retailers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt != null,
    adminUsername: row.adminUsername,
    adminHasPassword: row.adminHasPassword,
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
    tablesOpenedToday: row.tablesOpenedToday,
    printsWaiting: row.ticketsStuck + row.documentsStuck,
    terminalSalesFailedToday: row.terminalSalesFailedToday,
    fiscalDocumentsWaiting: row.fiscalDocumentsWaiting,
  }));
}

import type { GuestRatingBody, GuestRatingState } from "@tableorder/domain/contracts/ratings";
import { googleReviewOffer } from "@tableorder/domain/ratings";
import { and, desc, eq, exists, gte, isNull, or } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Queryable } from "../../db/client.ts";
import {
  payments,
  retailers,
  sessionRatings,
  sessionRatingWaiters,
  tableGuests,
  tableSessions,
  tableWaiters,
  users,
} from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The visit a guest checked in at this table may rate: the newest of the table's sessions that was
 * still open when they checked in and in which a payment completed. A session before their
 * check-in was another party's; one with nothing paid is not over for anyone yet.
 */
async function sessionToRate(db: Queryable, userId: number, tableId: number) {
  const [session] = await db
    .select({ id: tableSessions.id, retailerId: tableSessions.retailerId })
    .from(tableSessions)
    .innerJoin(
      tableGuests,
      and(eq(tableGuests.tableId, tableSessions.tableId), eq(tableGuests.userId, userId), isNull(tableGuests.checkedOutAt)),
    )
    .where(
      and(
        eq(tableSessions.tableId, tableId),
        or(isNull(tableSessions.closedAt), gte(tableSessions.closedAt, tableGuests.checkedInAt)),
        exists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.sessionId, tableSessions.id), eq(payments.status, "COMPLETED"))),
        ),
      ),
    )
    .orderBy(desc(tableSessions.openedAt), desc(tableSessions.id))
    .limit(1);
  return session ?? null;
}

async function presentState(
  db: Queryable,
  session: { id: number; retailerId: number } | null,
  userId: number,
): Promise<GuestRatingState> {
  if (!session) return { rateable: false, rating: null, googleReviewUrl: null };
  const [row] = await db
    .select({ stars: sessionRatings.stars, comment: sessionRatings.comment, googleReviewUrl: retailers.googleReviewUrl })
    .from(retailers)
    .leftJoin(sessionRatings, and(eq(sessionRatings.sessionId, session.id), eq(sessionRatings.userId, userId)))
    .where(eq(retailers.id, session.retailerId));
  const rating = row?.stars == null ? null : { stars: row.stars, comment: row.comment };
  return { rateable: true, rating, googleReviewUrl: googleReviewOffer(rating?.stars ?? null, row?.googleReviewUrl ?? null) };
}

/** What the guest's success page asks or thanks for: the visit to rate and their rating of it. */
export async function loadGuestRating(options: { db: Db; principal: Principal; tableId: number }): Promise<GuestRatingState> {
  const { db, principal, tableId } = options;
  await authorizeTable(db, principal, tableId);
  return presentState(db, await sessionToRate(db, principal.userId, tableId), principal.userId);
}

/**
 * A guest rates the visit they paid in. One rating per guest and session: the stars are saved with
 * one tap, so a later tap or the comment written after them changes that rating rather than adding
 * another (docs/decisions/037-guest-rating-one-per-session-updated.md). The table's waiters are
 * kept with the first save, as they were then.
 */
export async function rateVisit(
  options: { db: Db; principal: Principal; tableId: number } & GuestRatingBody,
): Promise<GuestRatingState> {
  const { db, principal, tableId } = options;
  const table = await authorizeTable(db, principal, tableId);
  const session = await sessionToRate(db, principal.userId, tableId);
  if (!session) throw new AppError("nothing_to_rate", 400);
  const word = { stars: options.stars, comment: options.comment };
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sessionRatings)
      .values({ retailerId: table.retailerId, tableId, sessionId: session.id, userId: principal.userId, ...word })
      .onConflictDoNothing()
      .returning({ id: sessionRatings.id });
    if (!created) {
      await tx
        .update(sessionRatings)
        .set(word)
        .where(and(eq(sessionRatings.sessionId, session.id), eq(sessionRatings.userId, principal.userId)));
      return;
    }
    const waiters = await tx
      .select({ waiterId: tableWaiters.userId })
      .from(tableWaiters)
      .innerJoin(users, and(eq(users.id, tableWaiters.userId), isNull(users.deletedAt)))
      .where(eq(tableWaiters.tableId, tableId));
    if (waiters.length) await tx.insert(sessionRatingWaiters).values(waiters.map((w) => ({ ratingId: created.id, ...w })));
  });
  return presentState(db, session, principal.userId);
}

import { MAX_RATING_DAYS, RATINGS_LIST_LIMIT, type RatingsQuery, type RatingsReport } from "@tableorder/domain/contracts/ratings";
import { averageStars } from "@tableorder/domain/ratings";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql, sum } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, sessionRatings, sessionRatingWaiters, users } from "../../db/schema.ts";
import { staffDisplayName } from "../../lib/audit-trail.ts";
import { athensDayEnd, athensDayRange, athensDayStart, VENUE_TIME_ZONE } from "../../lib/venue-time.ts";

/**
 * The venue's ratings over Athens days (issue 32), as its administrator reads them: the list
 * (narrowed by stars), the average of each day and of each waiter who had a rated table. Only the
 * caller's venue is read, and nothing of the guest who rated: no name, email, phone or account.
 */
export async function loadRatingsReport(db: Queryable, retailerId: number, query: RatingsQuery): Promise<RatingsReport> {
  const { from, to } = athensDayRange(query, MAX_RATING_DAYS);
  const inRange: SQL | undefined = and(
    eq(sessionRatings.retailerId, retailerId),
    gte(sessionRatings.createdAt, athensDayStart(from)),
    lt(sessionRatings.createdAt, athensDayEnd(to)),
  );
  // The zone is written into the statement, not bound: a bound value would make the grouped
  // expression and the selected one two different expressions to PostgreSQL.
  const athensDay = sql<string>`to_char(${sessionRatings.createdAt} at time zone '${sql.raw(VENUE_TIME_ZONE)}', 'YYYY-MM-DD')`;
  const starsTotal = sql<number>`${sum(sessionRatings.stars)}::int`;

  const [listed, days, waiters] = await Promise.all([
    db
      .select({
        id: sessionRatings.id,
        createdAt: sessionRatings.createdAt,
        stars: sessionRatings.stars,
        comment: sessionRatings.comment,
        tableLabel: diningTables.label,
      })
      .from(sessionRatings)
      .innerJoin(diningTables, eq(diningTables.id, sessionRatings.tableId))
      .where(and(inRange, query.stars == null ? undefined : eq(sessionRatings.stars, query.stars)))
      .orderBy(desc(sessionRatings.createdAt), desc(sessionRatings.id))
      .limit(RATINGS_LIST_LIMIT + 1),
    db
      .select({ day: athensDay, count: count(), stars: starsTotal })
      .from(sessionRatings)
      .where(inRange)
      .groupBy(athensDay)
      .orderBy(desc(athensDay)),
    db
      .select({
        waiterId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        login: users.login,
        count: count(),
        stars: starsTotal,
      })
      .from(sessionRatings)
      .innerJoin(sessionRatingWaiters, eq(sessionRatingWaiters.ratingId, sessionRatings.id))
      .innerJoin(users, eq(users.id, sessionRatingWaiters.waiterId))
      .where(inRange)
      .groupBy(users.id)
      .orderBy(asc(users.id)),
  ]);

  const ratings = listed.slice(0, RATINGS_LIST_LIMIT);
  const namesByRating = new Map<number, string[]>();
  if (ratings.length) {
    const rows = await db
      .select({
        ratingId: sessionRatingWaiters.ratingId,
        firstName: users.firstName,
        lastName: users.lastName,
        login: users.login,
      })
      .from(sessionRatingWaiters)
      .innerJoin(users, eq(users.id, sessionRatingWaiters.waiterId))
      .where(
        inArray(
          sessionRatingWaiters.ratingId,
          ratings.map((r) => r.id),
        ),
      )
      .orderBy(asc(users.id));
    for (const row of rows) namesByRating.set(row.ratingId, [...(namesByRating.get(row.ratingId) ?? []), staffDisplayName(row)]);
  }

  const totalCount = days.reduce((total, day) => total + day.count, 0);
  const totalStars = days.reduce((total, day) => total + day.stars, 0);
  return {
    from,
    to,
    ratings: ratings.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      stars: r.stars,
      comment: r.comment,
      tableLabel: r.tableLabel,
      waiters: namesByRating.get(r.id) ?? [],
    })),
    listTruncated: listed.length > RATINGS_LIST_LIMIT,
    overall: { count: totalCount, average: averageStars(totalStars, totalCount) },
    days: days.map((d) => ({ day: d.day, count: d.count, average: averageStars(d.stars, d.count) })),
    waiters: waiters
      .map((w) => ({ waiterId: w.waiterId, name: staffDisplayName(w), count: w.count, average: averageStars(w.stars, w.count) }))
      .sort((a, b) => (b.average ?? 0) - (a.average ?? 0) || b.count - a.count || a.name.localeCompare(b.name, "el")),
  };
}

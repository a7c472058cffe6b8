import { z } from "zod";
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX_STARS, RATING_MIN_STARS } from "../ratings.ts";
import type { ValidationMessageKey } from "../validation-messages.ts";

/**
 * A guest's word on their visit (issue 32): the guest rates the table session they paid in, the
 * venue's administrator reads the ratings without knowing who gave them. Times are ISO 8601 in
 * UTC; days are the venue's calendar days in Europe/Athens (YYYY-MM-DD).
 */

const key = (message: ValidationMessageKey) => ({ message });

/** POST api/cq-table/{tableId}/rating. */
export const guestRatingBody = z.object({
  stars: z
    .number({ error: "rating.stars.invalid" })
    .int(key("rating.stars.invalid"))
    .min(RATING_MIN_STARS, key("rating.stars.invalid"))
    .max(RATING_MAX_STARS, key("rating.stars.invalid")),
  comment: z
    .string({ error: "field.invalid" })
    .trim()
    .max(RATING_COMMENT_MAX_LENGTH, key("rating.comment.tooLong"))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type GuestRatingBody = z.output<typeof guestRatingBody>;

/**
 * GET and POST api/cq-table/{tableId}/rating: whether the guest has a visit here to rate (a
 * session they were at, paid in), their rating once given, and the venue's Google review link
 * only after a 5-star one.
 */
export const guestRatingState = z.object({
  rateable: z.boolean(),
  rating: z.object({ stars: z.number().int(), comment: z.string().nullable() }).nullable(),
  googleReviewUrl: z.string().nullable(),
});
export type GuestRatingState = z.infer<typeof guestRatingState>;

/** The longest range one read of the ratings covers, in calendar days (as the audit trail's). */
export const MAX_RATING_DAYS = 92;
/** The list shows the newest ratings up to this many; the averages count every one in the range. */
export const RATINGS_LIST_LIMIT = 500;

const calendarDay = z.iso.date();

/** GET api/crm/ratings: `from` and `to` default to today (Athens); `stars` narrows the list only. */
export const ratingsQuery = z.object({
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  stars: z.coerce.number().int().min(RATING_MIN_STARS).max(RATING_MAX_STARS).optional(),
});
export type RatingsQuery = z.output<typeof ratingsQuery>;
export type RatingsQueryInput = z.input<typeof ratingsQuery>;

/** A rating as staff read it: never who gave it (no name, email, phone or account). */
export const staffRating = z.object({
  id: z.number(),
  createdAt: z.string(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  tableLabel: z.string(),
  /** The waiters who had the table when it was rated. */
  waiters: z.array(z.string()),
});
export type StaffRating = z.infer<typeof staffRating>;

const average = z.number().nullable();

export const ratingsReport = z.object({
  from: calendarDay,
  to: calendarDay,
  /** Newest first, at most RATINGS_LIST_LIMIT, narrowed by `stars`. */
  ratings: z.array(staffRating),
  /** More ratings match than the list holds. */
  listTruncated: z.boolean(),
  /** Every rating in the range, whatever `stars` says. */
  overall: z.object({ count: z.number().int(), average }),
  /** Each Athens day of the range that has ratings, newest first. */
  days: z.array(z.object({ day: calendarDay, count: z.number().int(), average })),
  /** Each waiter who had a rated table, best average first. */
  waiters: z.array(z.object({ waiterId: z.number(), name: z.string(), count: z.number().int(), average })),
});
export type RatingsReport = z.infer<typeof ratingsReport>;

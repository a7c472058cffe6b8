/**
 * The rules of a guest's rating of their visit (issue 32), shared by the server, which keeps
 * them, and the guest's screen, which shows them before a call is made.
 */

export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;
/** The comment beside the stars is a sentence or two, not a letter. */
export const RATING_COMMENT_MAX_LENGTH = 500;

/**
 * The venue's Google review page is offered only to a guest who has just given it 5 stars: asking
 * before the rating, or after a lesser one, would steer unhappy guests to a public page
 * instead of telling the venue privately.
 */
export function googleReviewOffer(stars: number | null, googleReviewUrl: string | null): string | null {
  return stars === RATING_MAX_STARS && googleReviewUrl ? googleReviewUrl : null;
}

/** An average of stars as the screens show it: two decimals, none without ratings. */
export function averageStars(totalStars: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((totalStars / count) * 100) / 100;
}

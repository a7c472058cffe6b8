import { describe, expect, it } from "vitest";
import { guestRatingBody, ratingsQuery } from "./contracts/ratings.ts";
import { averageStars, googleReviewOffer } from "./ratings.ts";
import { isValidGoogleReviewUrl } from "./validators.ts";

const link = "https://g.page/r/venue/review";

describe("googleReviewOffer", () => {
  it("offers the link after 5 stars only", () => {
    expect(googleReviewOffer(5, link)).toBe(link);
    for (const stars of [1, 2, 3, 4]) expect(googleReviewOffer(stars, link)).toBeNull();
  });
  it("offers nothing before a rating or without a link", () => {
    expect(googleReviewOffer(null, link)).toBeNull();
    expect(googleReviewOffer(5, null)).toBeNull();
  });
});

describe("averageStars", () => {
  it("rounds to two decimals", () => {
    expect(averageStars(14, 3)).toBe(4.67);
    expect(averageStars(10, 2)).toBe(5);
  });
  it("is none without ratings", () => {
    expect(averageStars(0, 0)).toBeNull();
  });
});

describe("guestRatingBody", () => {
  const issue = (body: unknown) => guestRatingBody.safeParse(body).error?.issues[0]?.message;

  it("takes 1 to 5 whole stars", () => {
    for (const stars of [1, 5]) expect(guestRatingBody.parse({ stars })).toEqual({ stars, comment: null });
    for (const stars of [0, 6, 4.5, "5", null]) expect(issue({ stars })).toBe("rating.stars.invalid");
    expect(issue({})).toBe("rating.stars.invalid");
  });
  it("keeps a comment of at most 500 characters, trimmed, empty as none", () => {
    expect(guestRatingBody.parse({ stars: 4, comment: "  Πολύ καλό  " }).comment).toBe("Πολύ καλό");
    expect(guestRatingBody.parse({ stars: 4, comment: "   " }).comment).toBeNull();
    expect(guestRatingBody.parse({ stars: 4, comment: "α".repeat(500) }).comment).toHaveLength(500);
    expect(issue({ stars: 4, comment: "α".repeat(501) })).toBe("rating.comment.tooLong");
    expect(issue({ stars: 4, comment: 7 })).toBe("field.invalid");
  });
});

describe("ratingsQuery", () => {
  it("reads stars from the query string", () => {
    expect(ratingsQuery.parse({ from: "2026-11-01", stars: "5" })).toEqual({ from: "2026-11-01", stars: 5 });
    expect(ratingsQuery.safeParse({ stars: "6" }).success).toBe(false);
    expect(ratingsQuery.safeParse({ from: "2026-02-30" }).success).toBe(false);
  });
});

describe("isValidGoogleReviewUrl", () => {
  it("takes https addresses with a host", () => {
    expect(isValidGoogleReviewUrl(link)).toBe(true);
    expect(isValidGoogleReviewUrl("https://search.google.com/local/writereview?placeid=abc")).toBe(true);
  });
  it("refuses anything else", () => {
    for (const value of ["http://g.page/r/x", "javascript:alert(1)", "g.page/r/x", "https://", "ftp://g.page"])
      expect(isValidGoogleReviewUrl(value)).toBe(false);
  });
});

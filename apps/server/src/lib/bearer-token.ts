import { createHash, timingSafeEqual } from "node:crypto";

/** Digests of equal length, so comparing them takes as long whatever was sent. */
const digest = (token: string) => createHash("sha256").update(token, "utf8").digest();

/**
 * A check that an Authorization header carries one token as its bearer token (an operator's token,
 * not an account's), compared in constant time.
 */
export function bearerTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const sent = authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : "";
    return timingSafeEqual(digest(sent), expected);
  };
}

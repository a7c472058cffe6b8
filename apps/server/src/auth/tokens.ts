import { createSecretKey } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { ACCOUNT_ROLES, type AccountRole, type Principal } from "./principal.ts";

export interface TokenService {
  issue(principal: Principal, rememberMe: boolean): Promise<string>;
  verify(token: string): Promise<Principal | null>;
}

/** Most verified tokens an instance remembers; past it, the oldest are forgotten first. */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Signs and checks the bearer tokens. Staff tokens carry their venue, so a token of one venue
 * can never be turned into a query on another.
 *
 * Every request carries its token, and checking the signature was the server's largest cost per
 * order (a guest's phone or a cook's screen sends the same token again and again). So a token
 * whose signature was checked is remembered with what it says until it expires: the same string
 * always verifies the same way until then. Whether the account may still act is checked on every
 * request anyway (account-status.ts).
 */
export function createTokenService(options: {
  secret: string;
  validitySeconds: number;
  rememberMeValiditySeconds: number;
}): TokenService {
  // A key object, not bytes: jose imports bytes again on every signature, a key object once.
  const key = createSecretKey(Buffer.from(options.secret, "utf8"));
  const verified = new Map<string, { principal: Principal; expiresAtMs: number }>();
  return {
    async issue(principal, rememberMe) {
      const seconds = rememberMe ? options.rememberMeValiditySeconds : options.validitySeconds;
      return new SignJWT({
        role: principal.role,
        rid: principal.retailerId,
        pa: principal.prepAreaId,
        anon: principal.anonymous,
        login: principal.login,
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(principal.userId))
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return known.principal;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const role = payload.role as AccountRole;
        if (!ACCOUNT_ROLES.includes(role)) return null;
        // Frozen: requests with the same token share it.
        const principal: Principal = Object.freeze({
          userId: Number(payload.sub),
          role,
          retailerId: typeof payload.rid === "number" ? payload.rid : null,
          prepAreaId: typeof payload.pa === "number" ? payload.pa : null,
          anonymous: payload.anon === true,
          login: String(payload.login ?? ""),
        });
        // Our tokens always expire; one that does not is checked every time.
        if (typeof payload.exp === "number") {
          if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value as string);
          verified.set(token, { principal, expiresAtMs: payload.exp * 1000 });
        }
        return principal;
      } catch {
        return null;
      }
    },
  };
}

import { jwtVerify, SignJWT } from "jose";
import { ACCOUNT_ROLES, type AccountRole, type Principal } from "./principal.ts";

export interface TokenService {
  issue(principal: Principal, rememberMe: boolean): Promise<string>;
  verify(token: string): Promise<Principal | null>;
}

/**
 * Signs and checks the bearer tokens. Staff tokens carry their venue, so a token of one venue
 * can never be turned into a query on another.
 */
export function createTokenService(options: {
  secret: string;
  validitySeconds: number;
  rememberMeValiditySeconds: number;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const role = payload.role as AccountRole;
        if (!ACCOUNT_ROLES.includes(role)) return null;
        return {
          userId: Number(payload.sub),
          role,
          retailerId: typeof payload.rid === "number" ? payload.rid : null,
          prepAreaId: typeof payload.pa === "number" ? payload.pa : null,
          anonymous: payload.anon === true,
          login: String(payload.login ?? ""),
        };
      } catch {
        return null;
      }
    },
  };
}

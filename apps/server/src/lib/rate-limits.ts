import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { AppError } from "./app-error.ts";

/**
 * The caller's address as limits count it: what the trusted proxies report (TRUST_PROXY), with an
 * IPv6 address cut to its /64, the block one subscriber gets, so hopping within it does not help.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

/** At most `max` requests in `windowSeconds`. */
interface Bound {
  max: number;
  windowSeconds: number;
}

interface GuestRouteLimit {
  /** Per guest: their token's account when signed in, else their address. */
  perGuest?: Bound;
  /**
   * Per address over every guest. A venue's Wi-Fi puts all its guests behind one address, so
   * this is set for a full venue at its busiest, not for one phone.
   */
  perAddress: Bound;
}

const perMinute = (max: number): Bound => ({ max, windowSeconds: 60 });

/**
 * The guest-facing routes that create something and their bounds, in one table so the numbers can
 * be read together. None is reachable by an honest phone: composing and sending an order takes a
 * guest far more than three seconds, calling the waiter more than six, and a guest signs in once
 * per visit. Staff are not limited here: their sign-in has its own throttle and their tokens need
 * a password. Counters are in memory, per instance: a guest spread over N instances gets at most
 * N times the bound, still far from harmful, and a restart forgets them; the staff sign-in throttle,
 * which must hold, is in the database (features/auth/sign-in-throttle.ts).
 */
export const GUEST_RATE_LIMITS: Record<string, GuestRouteLimit> = {
  "POST /api/authenticate-anonymous": { perAddress: perMinute(60) },
  "POST /api/authenticate-google": { perAddress: perMinute(60) },
  "POST /api/authenticate-facebook": { perAddress: perMinute(60) },
  "POST /api/orders/:tableId": { perGuest: perMinute(20), perAddress: perMinute(600) },
  "POST /api/cq-table/call-waiter/:tableId": { perGuest: perMinute(10), perAddress: perMinute(300) },
  "POST /api/cq-table/payment-request/:tableId": { perGuest: perMinute(10), perAddress: perMinute(300) },
  "POST /api/cq-table/:tableId/rating": { perGuest: perMinute(10), perAddress: perMinute(300) },
  "POST /api/contact-form": {
    perGuest: { max: 5, windowSeconds: 600 },
    perAddress: { max: 20, windowSeconds: 600 },
  },
};

const isStaff = (request: FastifyRequest) => request.principal !== null && request.principal.role !== "USER";

/**
 * Registers @fastify/rate-limit (its in-memory store and limiters, not its global hook) and puts
 * the bounds of GUEST_RATE_LIMITS on their routes as they are added, each multiplied by `factor`
 * (0: none, for a load test that plays every phone from one address). Call it after the hook that
 * sets request.principal and before the routes; a route in the table that is never added fails the
 * start, so a renamed route cannot silently lose its limit.
 */
export async function installGuestRateLimits(app: FastifyInstance, factor: number): Promise<void> {
  if (factor === 0) return;
  await app.register(fastifyRateLimit, { global: false });
  const limiter = (route: string, scope: string, bound: Bound, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: Math.max(1, Math.round(bound.max * factor)),
      timeWindow: bound.windowSeconds * 1000,
      keyGenerator: (request) => `${route} ${scope} ${key(request)}`,
    });

  const limited = new Set<string>();
  app.addHook("onRoute", (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    for (const method of methods) {
      const route = `${method} ${routeOptions.url}`;
      const limit = GUEST_RATE_LIMITS[route];
      if (!limit) continue;
      limited.add(route);
      const limiters = [
        limiter(route, "address", limit.perAddress, clientAddress),
        ...(limit.perGuest
          ? [limiter(route, "guest", limit.perGuest, (r) => (r.principal ? `account:${r.principal.userId}` : clientAddress(r)))]
          : []),
      ];
      const check: onRequestAsyncHookHandler = async (request) => {
        if (isStaff(request)) return;
        for (const limit of limiters) {
          const result = await limit(request);
          if (!result.isAllowed && result.isExceeded) {
            throw new AppError("too_many_requests", 429, { retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
          }
        }
      };
      const existing = routeOptions.onRequest;
      routeOptions.onRequest = [...(existing ? [existing].flat() : []), check];
    }
  });
  app.addHook("onReady", async () => {
    const missing = Object.keys(GUEST_RATE_LIMITS).filter((route) => !limited.has(route));
    if (missing.length) throw new Error(`Rate-limited routes that do not exist: ${missing.join(", ")}`);
  });
}

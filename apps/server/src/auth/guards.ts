import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import type { AccountRole, Principal } from "./principal.ts";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The caller, or a 401 when the request carries no valid token. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError("unauthorized", 401);
  return request.principal;
}

/** A preHandler admitting only the given roles: 401 without a token, 403 with another role. */
export function allowRoles(...roles: AccountRole[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = requirePrincipal(request);
    if (!roles.includes(principal.role)) throw new AppError("forbidden", 403);
  };
}

/**
 * A preHandler for what anyone may read, signed in or not (a venue's menu, the table behind a
 * code): a phone can fetch it before its guest has signed in. A token that is sent but refused
 * (expired, forged, its account deleted or disabled) is still a 401, as on every other call, so
 * the client learns at once that its session ended.
 */
export async function allowVisitors(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.principal && request.headers.authorization?.startsWith("Bearer ")) throw new AppError("unauthorized", 401);
}

/** The venue of a staff caller; staff tokens always carry one. */
export function staffRetailerId(principal: Principal): number {
  if (principal.retailerId == null) throw new AppError("forbidden", 403);
  return principal.retailerId;
}

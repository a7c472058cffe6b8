import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import type { Principal } from "./principal.ts";

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

/** The venue of a staff caller; staff tokens always carry one. */
export function staffRetailerId(principal: Principal): number {
  if (principal.retailerId == null) throw new AppError("forbidden", 403);
  return principal.retailerId;
}

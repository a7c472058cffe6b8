import { LARGEST_ID } from "@tableorder/domain/contracts/common";
import type { FieldError } from "@tableorder/domain/errors";
import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.ts";

/** Path parameters named `id` or `…Id` (tableId, orderProductId, …) name a row by its id. */
const ID_PARAM = /^(id|[a-z]\w*Id)$/;
const WHOLE_NUMBER = /^\d+$/;
/** PostgreSQL refuses NUL in text outright; no code, name or id of ours holds a control character. */
const CONTROL_CHARACTER = /\p{Cc}/u;

function pathParamError(field: string, value: string): FieldError | null {
  if (CONTROL_CHARACTER.test(value)) return { objectName: "params", field, message: "Pattern" };
  const id = ID_PARAM.test(field) && WHOLE_NUMBER.test(value) ? Number(value) : null;
  if (id !== null && (id < 1 || id > LARGEST_ID)) return { objectName: "params", field, message: "Size" };
  return null;
}

/**
 * Checks every route's path parameters before its own schema does, so no route can forget what
 * the database would otherwise refuse with a 500: an id beyond PostgreSQL's integer, or a control
 * character in a text such as a table code. They are answered as the route's schema answers an id
 * of 0: a 400 field error on `params` ("Size", or "Pattern" for the character). The shape of a
 * parameter (a number, a uuid) stays with the route's own params schema.
 */
export function installPathParamChecks(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const params = (request.params ?? {}) as Record<string, string>;
    const fieldErrors = Object.entries(params).flatMap(([field, value]) => pathParamError(field, value) ?? []);
    if (fieldErrors.length) throw new AppError("validation", 400, {}, fieldErrors);
  });
}

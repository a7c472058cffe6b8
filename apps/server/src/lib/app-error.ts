import type { ErrorKey, FieldError } from "@tableorder/domain/errors";

/**
 * The one error type of the server: a stable key from the spec's catalogue, its HTTP status and
 * optional params. The central handler turns it into the X-App-Error header and JSON body.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly status = 400,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(key);
  }
}

export const notFound = (what = "not_found") => new AppError("not_found", 404, { entity: what });
export const forbidden = () => new AppError("forbidden", 403);
export const unauthorized = () => new AppError("unauthorized", 401);

import type { FieldError } from "@tableorder/domain/errors";
import { isValidationMessageKey } from "@tableorder/domain/validation-messages";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { AppError } from "./app-error.ts";

/**
 * The message of a field error. A contract that names its rule with a key of
 * `@tableorder/domain/validation-messages` ("password.tooShort", "ip.invalid", …) is answered with
 * that key, so the client shows the spec's own wording for it. Otherwise the issue maps to the
 * generic names the spec's clients know: server size messages are shown as 'Size' (spec 1 §5),
 * so every bound maps to it.
 */
function messageOf(code: string, input: unknown, message?: string): string {
  if (message && isValidationMessageKey(message)) return message;
  if (code === "too_small" || code === "too_big") return "Size";
  if (code === "invalid_type" && input === undefined) return "NotNull";
  if (code === "invalid_format" || code === "invalid_string") return "Pattern";
  return "Invalid";
}

function fieldErrorsFromZod(objectName: string, issues: ZodError["issues"]): FieldError[] {
  return issues.map((issue) => ({
    objectName,
    field: issue.path.join(".") || objectName,
    message: messageOf(issue.code, (issue as { input?: unknown }).input, issue.message),
  }));
}

/**
 * PostgreSQL's errors for values it cannot take (SQLSTATE): 22003 a number out of its column's
 * range, 22P02 text that is no number (or uuid, …), 22021 a character it does not store (NUL).
 */
const INPUT_THE_DATABASE_REFUSES = new Set(["22003", "22P02", "22021"]);

/** The SQLSTATE of a database error: on the error itself (pg), or on its cause (drizzle wraps it). */
function sqlStateOf(error: unknown): string {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const state = typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : cause?.code;
  return typeof state === "string" ? state : "";
}

/**
 * The one place where failures become answers: keyed errors as 400 with X-App-Error, field
 * errors as a 400 listing object and field, never a stack trace, never a 500 for bad input.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const objectName = String(error.validationContext ?? "body");
      const fieldErrors = error.validation.map((v) => ({
        objectName,
        field: v.instancePath.replace(/^\//, "").replaceAll("/", ".") || objectName,
        message: messageOf(v.keyword, (v.params as { input?: unknown }).input, v.message),
      }));
      appError = new AppError("validation", 400, {}, fieldErrors);
    } else if (error instanceof ZodError) {
      appError = new AppError("validation", 400, {}, fieldErrorsFromZod("body", error.issues));
    } else if (INPUT_THE_DATABASE_REFUSES.has(sqlStateOf(error))) {
      // A value no contract bounded reached a statement (a body's number beyond an integer column,
      // text PostgreSQL cannot read): bad input, not a fault of the server. Logged, to bound it.
      request.log.warn({ err: error }, "input refused by the database");
      appError = new AppError("validation", 400, { reason: "out_of_range" });
    } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      appError = new AppError("validation", error.statusCode, { reason: error.code ?? error.message });
    } else {
      request.log.error({ err: error }, "unhandled error");
      appError = new AppError("internal", 500);
    }
    const message = `error.${appError.key}` as const;
    if (appError.status === 400) {
      reply.header("X-App-Error", message);
      if (Object.keys(appError.params).length) reply.header("X-App-Params", encodeURIComponent(JSON.stringify(appError.params)));
    }
    // A throttled caller (sign-in lock, guest rate limit) or a key still in use is told when to come back.
    if (appError.params.retryAfterSeconds != null) reply.header("Retry-After", String(appError.params.retryAfterSeconds));
    reply.status(appError.status).send({
      message,
      title: appError.status >= 500 ? "Internal error" : appError.key,
      status: appError.status,
      ...(Object.keys(appError.params).length ? { params: appError.params } : {}),
      ...(appError.fieldErrors.length ? { fieldErrors: appError.fieldErrors } : {}),
    });
  });
}

/**
 * Unknown API paths are a 404 in the error format. With the web app built, every other path
 * belongs to it (it routes them itself), so it gets index.html, for HEAD too: link checkers and
 * uptime monitors ask with HEAD, and Node leaves the body out of the answer.
 */
export function installNotFoundHandler(app: FastifyInstance, options: { serveWebApp: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    const apiPath =
      request.url.startsWith("/api/") || request.url.startsWith("/management/") || request.url.startsWith("/websocket/");
    if (options.serveWebApp && !apiPath && (request.method === "GET" || request.method === "HEAD")) {
      return reply.type("text/html").sendFile("index.html", { maxAge: 0 });
    }
    return reply.status(404).send({ message: "error.not_found", title: "not_found", status: 404, params: { path: request.url } });
  });
}

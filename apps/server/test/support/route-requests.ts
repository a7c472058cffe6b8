import fc from "fast-check";
import { z } from "zod";
import { arbitraryFor, type JsonSchema } from "./json-schema-arbitrary.ts";
import type { RegisteredRoute } from "./registered-routes.ts";

/** The JSON schema of one part of a route's request (body, querystring), or null without one. */
export function requestSchema(route: RegisteredRoute, part: "body" | "querystring"): JsonSchema | null {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** One value that fits `schema`, the same for every run (seeded). */
export function sampleOf(schema: JsonSchema, seed = 1): unknown {
  return fc.sample(arbitraryFor(schema), { seed, numRuns: 1 })[0];
}

/** A query string (with its "?") from an object of scalar values; arrays repeat their key. */
export function queryString(values: unknown): string {
  if (!values || typeof values !== "object") return "";
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of [value].flat())
      if (item !== undefined) query.append(key, typeof item === "string" ? item : JSON.stringify(item));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The JSON texts that are whole, valid JSON bodies but no object: a handler (or a hook before the
 * schema) that reads a member of its body must still answer them with a 4xx.
 */
export const BODY_LITERALS = ["null", "[]", '"x"', "1", "true"] as const;

/** Whether a route's method carries a body (every method but GET and HEAD). */
export function takesBody(route: RegisteredRoute): boolean {
  return route.method !== "GET" && route.method !== "HEAD";
}

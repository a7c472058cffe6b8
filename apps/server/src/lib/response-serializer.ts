import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

/** A JSON answer that is not what its route documents: the documentation drifted from the code. */
export class UndocumentedResponseError extends Error {
  constructor(route: string, status: string, problems: string[]) {
    super(`${route} answered ${status} unlike its documented schema: ${problems.join("; ")}`);
  }
}

/** Paths (a.b.0.c) of the keys in `sent` that the schema's parse of it dropped. */
function undocumentedKeys(sent: unknown, parsed: unknown, at: string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, index) => undocumentedKeys(item, parsed[index], [...at, String(index)]));
  }
  if (sent === null || parsed === null || typeof sent !== "object" || typeof parsed !== "object") return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed ? undocumentedKeys(value, (parsed as Record<string, unknown>)[key], [...at, key]) : [[...at, key].join(".")],
  );
}

/**
 * How JSON answers are written. A route's response schema documents its answer (api/openapi.json);
 * it does not reshape it: the answer is JSON.stringify'd as the handler built it, so a hot path
 * pays nothing for its documentation. With `checkResponses` (development and tests) every answer
 * is first checked against its schema strictly, as the client receives it: a missing, mistyped or
 * undocumented field fails the request with a 500, so every test that reads an answer also checks
 * that the documentation still tells the truth. The message names fields, never their values.
 */
export function responseSerializerCompiler(options: { checkResponses: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!options.checkResponses) return (data) => JSON.stringify(data);
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: response ${httpStatus} is not a zod schema`);
    const route = `${method} ${url}`;
    return (data) => {
      const json = JSON.stringify(data);
      const sent: unknown = json === undefined ? undefined : JSON.parse(json);
      const result = schema.safeParse(sent);
      const problems = result.success
        ? undocumentedKeys(sent, result.data).map((path) => `${path}: not documented`)
        : result.error.issues.map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
      if (problems.length) {
        const error = new UndocumentedResponseError(route, String(httpStatus), problems);
        // Tests run with the logger silent; this is the line that says which field drifted.
        console.error(error.message);
        throw error;
      }
      return json;
    };
  };
}

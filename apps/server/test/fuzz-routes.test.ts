import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../src/auth/principal.ts";
import { ROUTE_ACCESS, routeKey } from "../src/auth/route-access.ts";
import { apiClient } from "./support/http.ts";
import { arbitraryFor, junkValue, mutated } from "./support/json-schema-arbitrary.ts";
import { type RegisteredRoute, registeredRoutes } from "./support/registered-routes.ts";
import { BODY_LITERALS, queryString, requestSchema, takesBody } from "./support/route-requests.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";
import { buildTwoVenues, type Caller, pathToVenueA, type TwoVenues } from "./support/two-venues.ts";

/**
 * Every route the app registers, driven with generated input: bodies made from its own schema and
 * then broken (a member dropped, junk in its place), junk path parameters, query strings and
 * content types, sent with a token the route admits so the input reaches validation and beyond.
 * Whatever comes in, the answer is never a 5xx. The run is seeded (FUZZ_SEED to replay one) and
 * bounded per route, so CI stays quick.
 */

vi.mock("fastify", async (importOriginal) =>
  (await import("./support/registered-routes.ts")).recordingRoutes(await importOriginal()),
);

const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

/** The caller whose token a route admits, preferring venue A's admin. */
const CALLER_OF_ROLE: [AccountRole, Caller][] = [
  ["ADMIN", "admin"],
  ["USER", "guestOfTable"],
  ["WAITER", "waiter"],
  ["COOK", "cook"],
  ["CASH_DESK", "cashDesk"],
  ["OPERATOR", "operator"],
];

function callerFor(route: RegisteredRoute): Caller {
  const access = ROUTE_ACCESS[routeKey(route.method, route.url)];
  if (access.kind !== "roles") return "admin";
  const match = CALLER_OF_ROLE.find(([role]) => access.roles.includes(role));
  if (!match) throw new Error(`no test caller has a role of ${route.method} ${route.url}`);
  return match[1];
}

/** What a path segment should never be able to break. */
const junkSegment = fc.constantFrom(
  "0",
  "-1",
  "2147483648",
  "99999999999999999999",
  "1.5",
  "1e3",
  "abc",
  "..",
  "%2e%2e",
  "%00",
  "%0A",
  "%20",
  "%C3%BC",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "%FF",
  "null",
  "undefined",
  "[]",
);

/** The route's url naming venue A's records, or with one of its parameters replaced by junk. */
function pathArbitrary(route: RegisteredRoute, validPath: string): fc.Arbitrary<string> {
  const params = route.url.match(/:\w+/g) ?? [];
  if (!params.length) return fc.constant(validPath);
  const validSegments = validPath.split("/");
  const junkPath = fc.record({ param: fc.constantFrom(...params), junk: junkSegment }).map(({ param, junk }) => {
    const at = route.url.split("/").indexOf(param);
    return validSegments.map((segment, index) => (index === at ? junk : segment)).join("/");
  });
  return fc.oneof(fc.constant(validPath), junkPath);
}

function queryArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const schema = requestSchema(route, "querystring");
  const junk = fc
    .record({ key: fc.constantFrom("id", "areaId", "s", "t", "startDate", "page", "__proto__", "a[b]"), value: junkValue })
    .map(({ key, value }) => queryString({ [key]: value }));
  if (!schema) return fc.oneof(fc.constant(""), junk);
  const valid = arbitraryFor(schema);
  return fc.oneof(valid.map(queryString), mutated(valid).map(queryString), junk);
}

function bodyArbitrary(route: RegisteredRoute): fc.Arbitrary<unknown> {
  const schema = requestSchema(route, "body");
  if (!schema) return fc.oneof(fc.constant(undefined), junkValue);
  const valid = arbitraryFor(schema);
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: mutated(valid) }, { weight: 1, arbitrary: junkValue });
}

/** How the body travels: as JSON, or under a content type the route does not take, or broken. */
const ENCODINGS = ["json", "json", "text/plain", "multipart", "form", "no content type", "invalid json", "empty json"] as const;
type Encoding = (typeof ENCODINGS)[number];

function encoded(
  body: unknown,
  encoding: Encoding,
): { headers: Record<string, string>; payload?: string | Uint8Array<ArrayBuffer> } {
  const json = body === undefined ? undefined : JSON.stringify(body);
  switch (encoding) {
    case "json":
      return json === undefined ? { headers: {} } : { headers: { "content-type": "application/json" }, payload: json };
    case "text/plain":
      return { headers: { "content-type": "text/plain" }, payload: json ?? "" };
    case "multipart":
      return {
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        payload: `--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${json ?? ""}\r\n--xyz--\r\n`,
      };
    case "form":
      return { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `a=${encodeURIComponent(json ?? "")}` };
    case "no content type":
      return { headers: {}, payload: new TextEncoder().encode(json ?? "x") };
    case "invalid json":
      return { headers: { "content-type": "application/json" }, payload: `${json ?? "{"}}{"` };
    case "empty json":
      return { headers: { "content-type": "application/json" }, payload: "" };
  }
}

let server: TestServer;
let venues: TwoVenues;

beforeAll(async () => {
  server = await startTestServer();
  venues = await buildTwoVenues(server, apiClient(server.baseUrl));
});
afterAll(async () => server?.close());

describe("generated and broken input on every route", () => {
  it("is never answered with a 5xx", async () => {
    expect(registeredRoutes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of registeredRoutes) {
      const token = venues.tokens[callerFor(route)];
      const validPath = await pathToVenueA(route.url, venues);
      const request = fc.record({
        path: pathArbitrary(route, validPath),
        query: queryArbitrary(route),
        body: bodyArbitrary(route),
        encoding: fc.constantFrom(...ENCODINGS),
      });
      const result = await fc.check(
        fc.asyncProperty(request, async ({ path, query, body, encoding }) => {
          const { headers, payload } = route.method === "GET" ? { headers: {} } : encoded(body, encoding);
          const response = await fetch(`${server.baseUrl}${path}${query}`, {
            method: route.method,
            headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: payload,
            // The answer itself is judged; where a redirect leads is another request.
            redirect: "manual",
          });
          await response.arrayBuffer();
          if (response.status >= 500) throw new Error(`answered ${response.status} ${response.headers.get("x-app-error") ?? ""}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample?.[0])?.slice(0, 400);
        failures.push(`${route.method} ${route.url}: ${result.errorInstance} with ${example} (FUZZ_SEED=${SEED})`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 240_000);

  it('answers a body that is a JSON literal but no object (null, [], "x", 1, true) with a 4xx, on every route', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes.filter(takesBody)) {
      const token = venues.tokens[callerFor(route)];
      const path = await pathToVenueA(route.url, venues);
      for (const literal of BODY_LITERALS) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: route.method,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: literal,
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${route.method} ${route.url} with ${literal}: answered ${response.status}`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 120_000);
});

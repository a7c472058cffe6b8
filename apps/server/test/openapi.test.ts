import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { STAFF_IDEMPOTENT_ROUTES } from "../src/lib/idempotent-requests.ts";
import { API_DOCS_PATH, OPENAPI_PATH } from "../src/lib/openapi.ts";
import { type RegisteredRoute, registeredRoutes } from "./support/registered-routes.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * The API is documented (issue 16): /api/openapi.json is an OpenAPI 3.1 document generated from the
 * routes' zod schemas, /api/docs shows it. The routes are the app's own, collected as it registers
 * them, so a route added without a documented answer or parameter fails here. (A body or query a
 * handler reads without a schema does not compile: request.body is `unknown` then.) That the
 * documented answers are the real ones is checked by every other test: in tests every JSON answer
 * is checked strictly against its schema (lib/response-serializer.ts).
 */

vi.mock("fastify", async (importOriginal) =>
  (await import("./support/registered-routes.ts")).recordingRoutes(await importOriginal()),
);

interface Operation {
  tags?: string[];
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
}

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
  document = (await (await fetch(`${server.baseUrl}${OPENAPI_PATH}`)).json()) as OpenApiDocument;
});
afterAll(async () => server?.close());

/** The routes the API serves: not the reference page's own files, not the document itself. */
const apiRoutes = () => registeredRoutes.filter((route) => !(route.schema as { hide?: boolean } | undefined)?.hide);
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const successStatuses = (route: RegisteredRoute) =>
  Object.keys((route.schema?.response as object | undefined) ?? {}).filter((status) => /^[23]\d\d$/.test(status));

describe("every route", () => {
  it("is collected as the app registers it", () => {
    // A few routes of different areas, as a check that collecting saw the app's routes.
    const seen = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(seen).toEqual(expect.arrayContaining(["POST /api/authenticate", "POST /api/orders/:tableId", "GET /api/stats/today"]));
    expect(seen.length).toBeGreaterThan(100);
  });

  it("documents the answer it gives when it succeeds", () => {
    const undocumented = apiRoutes()
      .filter((route) => successStatuses(route).length === 0)
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
  });

  it("documents each of its path parameters", () => {
    const missing = apiRoutes().flatMap((route) => {
      const params = route.schema?.params instanceof z.ZodObject ? Object.keys(route.schema.params.shape) : [];
      return [...route.url.matchAll(/:(\w+)/g)]
        .filter(([, name]) => !params.includes(name))
        .map(([, name]) => `${route.method} ${route.url}: ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it("is in the OpenAPI document with its parameters, body and answers", () => {
    const problems = apiRoutes().flatMap((route) => {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!operation) return [`${name}: not in the document`];
      const found: string[] = [];
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
        if (!pathParams.includes(param)) found.push(`${name}: path parameter ${param} undocumented`);
      }
      if (route.schema?.body && !operation.requestBody) found.push(`${name}: body undocumented`);
      if (route.schema?.querystring && !operation.parameters?.some((p) => p.in === "query")) {
        found.push(`${name}: query undocumented`);
      }
      for (const status of successStatuses(route)) {
        const answer = operation.responses[status];
        if (!answer) found.push(`${name}: answer ${status} undocumented`);
        // A 204 or a redirect has no body; every other success answer says what it holds.
        else if (status !== "204" && !status.startsWith("3") && !answer.content) found.push(`${name}: ${status} has no content`);
      }
      if (!operation.responses["400"]) found.push(`${name}: the error answer is undocumented`);
      if (!operation.tags?.length || operation.tags.includes("Other")) found.push(`${name}: no area (tag)`);
      return found;
    });
    expect(problems).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with the API's name, version and bearer sign-in", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe("@tableorder/server API");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
  });

  it("lists the API's routes only: no HEAD twins, nor the reference page or the document itself", () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = apiRoutes().map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(documented.sort()).toEqual([...new Set(expected)].sort());
  });

  it("documents answers as the clients read them: a ticket's products, an error's keyed message", () => {
    const kitchenTicket = document.paths["/api/feed/kitchen/ticket/{id}"].get.responses["200"].content?.["application/json"]
      .schema as { properties: Record<string, unknown>; required: string[] };
    expect(kitchenTicket.required).toEqual(expect.arrayContaining(["products", "tableName", "isPrinted"]));
    const error = document.components.schemas.ErrorBody as { required: string[] };
    expect(error.required).toEqual(["message", "title", "status"]);
    expect(document.paths["/api/crm/tables/{id}/qr.svg"].get.responses["200"].content).toHaveProperty(["image/svg+xml"]);
    expect(document.paths["/api/stats/payments.csv"].post.responses["200"].content).toHaveProperty(["text/csv"]);
    // A picture is uploaded as the raw body, of any of the types the product editor offers.
    const upload = document.paths["/api/crm/product/{id}/image"].post.requestBody?.content ?? {};
    expect(Object.keys(upload).sort()).toEqual(["image/jpeg", "image/png", "image/webp"]);
    expect(upload["image/png"].schema).toMatchObject({ type: "string", format: "binary" });
    expect(document.paths["/api/crm/audit"].get.tags).toEqual(["Audit trail"]);
  });

  it("says who may call a route, from the route table", () => {
    const signIn = document.paths["/api/authenticate"].post as Operation & { security?: unknown[] };
    expect(signIn.security).toEqual([]);
    expect(signIn.responses).not.toHaveProperty("401");
    const stats = document.paths["/api/stats/today"].get as Operation & { description?: string; security?: unknown[] };
    expect(stats.security).toBeUndefined();
    expect(stats.description).toContain("ADMIN");
    expect(stats.responses).toHaveProperty("403");
  });

  it("names the Idempotency-Key header and its refusals on every staff mutation that takes one", () => {
    for (const name of Object.keys(STAFF_IDEMPOTENT_ROUTES)) {
      const [method, url] = name.split(" ");
      const operation = document.paths[openApiPath(url)][method.toLowerCase()];
      expect(operation.parameters, name).toContainEqual(expect.objectContaining({ in: "header", name: "idempotency-key" }));
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(["409", "422"]));
    }
    expect(document.paths["/api/feed/kitchen"].get.parameters ?? []).not.toContainEqual(
      expect.objectContaining({ name: "idempotency-key" }),
    );
  });

  it("holds only valid JSON Schemas (draft 2020-12, OpenAPI 3.1's dialect) whose references resolve", () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    ajv.addSchema(document, "openapi.json");
    const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
    const locations = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => [
        ...Object.entries(operation.responses).flatMap(([status, answer]) =>
          Object.keys(answer.content ?? {}).map((type) =>
            pointer("paths", path, method, "responses", status, "content", type, "schema"),
          ),
        ),
        ...Object.keys(operation.requestBody?.content ?? {}).map((type) =>
          pointer("paths", path, method, "requestBody", "content", type, "schema"),
        ),
        ...(operation.parameters ?? []).map((_, index) => pointer("paths", path, method, "parameters", String(index), "schema")),
      ]),
    );
    expect(locations.length).toBeGreaterThan(300);
    const invalid = locations.flatMap((location) => {
      try {
        ajv.compile({ $ref: `openapi.json#/${location}` });
        return [];
      } catch (error) {
        return [`${location}: ${(error as Error).message}`];
      }
    });
    expect(invalid).toEqual([]);
  });
});

describe("the reference page", () => {
  it("is where its index.html leads, query string or not, in one step", async () => {
    for (const query of ["", "?url=x"]) {
      const answer = await fetch(`${server.baseUrl}${API_DOCS_PATH}/static/index.html${query}`, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`${API_DOCS_PATH}/`);
    }
  });

  it("answers HTML that loads its scripts from here, under a policy without inline scripts", async () => {
    const page = await fetch(`${server.baseUrl}${API_DOCS_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui">');
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    const scriptSources = policy.split(";").find((directive) => directive.trim().startsWith("script-src "));
    expect(scriptSources).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy).toContain("frame-ancestors 'none'");

    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map(
      ([, src]) => new URL(src, `${server.baseUrl}${API_DOCS_PATH}`),
    );
    expect(scripts.map((url) => url.pathname)).toContain(`${API_DOCS_PATH}/static/swagger-initializer.js`);
    for (const url of scripts) {
      expect(url.origin).toBe(server.baseUrl);
      const script = await fetch(url);
      expect(script.status, url.pathname).toBe(200);
      expect(script.headers.get("content-type")).toMatch(/javascript/);
      await script.arrayBuffer();
    }
  });
});

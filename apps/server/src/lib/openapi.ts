import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { errorBody } from "@tableorder/domain/contracts/common";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
// Imported rather than read from disk: the compiled build carries it inside its bundle.
import server from "../../package.json" with { type: "json" };
import { ROUTE_ACCESS, type RouteAccess, routeKey } from "../auth/route-access.ts";
import { FIRST_ANSWER_WAIT_MS, KEY_LIFETIME_HOURS, REPLAYED_HEADER, STAFF_IDEMPOTENT_ROUTES } from "./idempotent-requests.ts";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * The reference page's own policy: its scripts are files served here (no CDN, nothing inline), the
 * document it reads is same-origin, the logo is a data: image. Swagger UI sets styles at run time,
 * as the web app's screens do; styles run no code.
 */
export const API_DOCS_CSP =
  "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; " +
  "style-src 'self' 'unsafe-inline'";

/** The areas of the API, by path, as the reference page groups them; the first match names a route's. */
const TAGS: { name: string; description: string; paths: RegExp }[] = [
  {
    name: "Sign-in",
    description: "Staff and guest sign-in, the own account",
    paths: /^\/(api\/(authenticate|account|set-password)|management\/)/,
  },
  {
    name: "Platform operator",
    description: "The operator's console: contact-form requests, venues, their status and signs of life",
    paths: /^\/api\/operator\//,
  },
  {
    name: "Kitchen",
    description: "Preparation areas: tickets, preparing, printing",
    paths: /^\/api\/(feed\/kitchen|feed\/admin\/ticket|cuisine)\b/,
  },
  {
    name: "Cash desk",
    description: "Live cards, bills, take-aways, the register, the history and its documents",
    paths: /^\/api\/(cash-desk|admin\/ip|admin\/order-history|feed\/issue-receipt|orders\/[^/]+\/invoices)\b/,
  },
  {
    name: "Fiscal documents",
    description: "Cancelling documents, their XML, what waits for AADE",
    paths: /^\/api\/admin\/documents\b/,
  },
  { name: "Audit trail", description: "Who did what, for the owner", paths: /^\/api\/crm\/audit\b/ },
  {
    name: "Card terminals",
    description: "Terminals, terminal sales and the invoicing settings that register them",
    paths: /^\/(api\/(feed\/card-terminals|feed\/payment\/|crm\/invoicing-details)|sandbox\/card-terminal)/,
  },
  { name: "Statistics", description: "The owner's figures and exports", paths: /^\/api\/stats\b/ },
  {
    name: "Back office",
    description: "Products, categories, tables, staff, preparation areas, shop settings",
    paths: /^\/api\/crm\//,
  },
  { name: "Waiter", description: "The service feed, tables, collecting payments", paths: /^\/api\/feed\// },
  {
    name: "Table",
    description: "A guest's table: check-in, menu, orders, calls, payment",
    paths: /^\/(api\/(cq-table|orders)\/|sandbox\/card-checkout)/,
  },
  { name: "Health", description: "Probes for a load balancer: the process is live, the instance ready", paths: /^\/health\// },
  { name: "Metrics", description: "Prometheus metrics for whoever runs the servers", paths: /^\/metrics$/ },
  {
    name: "Operations",
    description: "Tools on the server's own machine: backups, venues and operator accounts",
    paths: /^\/operations\//,
  },
  {
    name: "Public",
    description: "Product pictures, the contact form, the home page's lists",
    paths: /^\/api\/(images|contact-form|home-page)\b/,
  },
];

const ERROR_ANSWERS: Record<number, string> = {
  400: "Bad input: a keyed error (X-App-Error), with field errors for a refused field",
  401: "Not signed in, or the token is no longer valid",
  403: "The caller's role may not do this",
  404: "Not found, or another venue's",
  429: "Too many requests: try again after Retry-After seconds",
};

/** What a staff mutation's Idempotency-Key adds to its document (lib/idempotent-requests.ts). */
const KEYED_ANSWERS: Record<number, string> = {
  409: `The key's first request is still running (come back after Retry-After), or it ran but its answer was lost (error.idempotency_reply_lost, after ${FIRST_ANSWER_WAIT_MS / 1000} s)`,
  422: "The key was already used for another request: another route, path, query or body (error.idempotency_key_reused)",
};
const idempotencyKeyHeader = {
  type: "object",
  properties: {
    "idempotency-key": {
      type: "string",
      minLength: 8,
      maxLength: 100,
      description:
        "Optional, one per user action (a UUID). For staff: the same request again with the key is answered the first " +
        `answer without running again (with \`${REPLAYED_HEADER}: true\`), for ${KEY_LIFETIME_HOURS} hours; keys are the venue's ` +
        "and the user's own. On a guest's order the key orders once, as before.",
    },
  },
};

const zodTransform = createJsonSchemaTransform({});

/**
 * An answer that is not JSON (a picture, a print page, a CSV file), documented by its content
 * types. The handler sends it as a string or a buffer, which is written as it is.
 */
export function fileAnswer(description: string, ...contentTypes: string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: z.string() }])) };
}

/** A 204 answer: done, nothing to say. */
export const noContent = z.undefined().describe("Done; no body");

/** A 303 answer: the Location header names the page to go to next. */
export const seeOther = z.undefined().describe("See Other: the Location header names the next page");

/** Who may call a route (auth/route-access.ts), as the document's security and description say it. */
function documentedAccess(access: RouteAccess | undefined): { security?: Record<string, string[]>[]; description?: string } {
  if (access?.kind === "public") return { security: [], description: "Open to anyone; a token is not looked at." };
  if (access?.kind === "visitors") {
    return { security: [{}, { bearerAuth: [] }], description: "Open to anyone; a token that is sent must be valid." };
  }
  if (access?.kind === "roles") return { description: `For ${access.roles.join(", ")} (${access.scope} data only).` };
  return {};
}

/**
 * The API's OpenAPI 3.1 document at /api/openapi.json, generated from the routes' zod schemas, and
 * its reference page at /api/docs (Swagger UI, served from here). Register before the routes: the
 * document lists the routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  if (!z.globalRegistry.has(errorBody)) z.globalRegistry.add(errorBody, { id: "ErrorBody" });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${server.name} API`,
        version: server.version,
        description:
          "The table-service ordering API. Money is integer cents; times are ISO 8601 in UTC. Errors answer " +
          "an ErrorBody whose `message` is a key (`error.<key>`) the clients translate.",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          // GET /metrics: the token from the configuration (METRICS_TOKEN), no account's.
          metricsToken: { type: "http", scheme: "bearer" },
          // Tools on the server's machine: the token the running server wrote into DATA_DIR/operations-endpoint.json.
          operationsToken: { type: "http", scheme: "bearer" },
        },
      },
      security: [{ bearerAuth: [] }],
      tags: TAGS.map(({ name, description }) => ({ name, description })),
    },
    transform: (document) => {
      const transformed = zodTransform(document);
      if (transformed.schema?.hide) return transformed;
      const name = routeKey(String(document.route.method), document.url);
      const access = ROUTE_ACCESS[name];
      const tag = TAGS.find(({ paths }) => paths.test(document.url))?.name ?? "Other";
      const response = { ...(transformed.schema?.response as Record<string, unknown>) };
      // A raw upload (a picture) names the types it consumes and has no JSON body to describe.
      const body = transformed.schema?.consumes && !transformed.schema.body ? { type: "string", format: "binary" } : undefined;
      for (const [status, description] of Object.entries(ERROR_ANSWERS)) {
        const refusesCallers = status === "401" || status === "403";
        if (refusesCallers && access?.kind !== "roles") continue;
        response[status] ??= { description, $ref: "#/components/schemas/ErrorBody" };
      }
      const keyed = STAFF_IDEMPOTENT_ROUTES[name] !== undefined;
      if (keyed) {
        for (const [status, description] of Object.entries(KEYED_ANSWERS)) {
          response[status] ??= { description, $ref: "#/components/schemas/ErrorBody" };
        }
      }
      // A route with a guard of its own (GET /metrics) documents its security and who may call it itself.
      const who = transformed.schema?.security ? {} : documentedAccess(access);
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          ...(body && { body }),
          ...(keyed && { headers: idempotencyKeyHeader }),
          tags: [tag],
          response,
          ...who,
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: API_DOCS_CSP,
    uiHooks: {
      // Swagger UI's own redirect from its index.html keeps a query string and so sends a URL with
      // one back to itself, forever; the page is the same without it.
      onRequest: async (request, reply) => {
        if (request.routeOptions.url === `${API_DOCS_PATH}/static/index.html`) return reply.redirect(`${API_DOCS_PATH}/`);
      },
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

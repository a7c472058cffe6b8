import { errorBody } from "@tableorder/domain/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound, unauthorized } from "../../lib/app-error.ts";
import { bearerTokenCheck } from "../../lib/bearer-token.ts";
import { fileAnswer } from "../../lib/openapi.ts";
import type { Metrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";

/**
 * Prometheus's scrape, for the operator: the route table lets anyone reach it (auth/route-access.ts)
 * because its guard is its own, the METRICS_TOKEN as a bearer token (no account has it). Without a
 * token configured the metrics are off and the path is not found.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ token: string | null; metrics: Metrics }> = async (app, options) => {
  const carriesToken = options.token === null ? null : bearerTokenCheck(options.token);
  app.get(
    METRICS_PATH,
    {
      schema: {
        description: "For the operator's Prometheus: send the METRICS_TOKEN setting as a bearer token.",
        security: [{ metricsToken: [] }],
        response: {
          200: fileAnswer("The instance's metrics in Prometheus's text format", "text/plain"),
          401: { description: "The token is missing or wrong", content: { "application/json": { schema: errorBody } } },
          404: {
            description: "Metrics are off: METRICS_TOKEN is not set",
            content: { "application/json": { schema: errorBody } },
          },
        },
      },
    },
    async (request, reply) => {
      if (!carriesToken) throw notFound("metrics");
      if (!carriesToken(request.headers.authorization)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw unauthorized();
      }
      const text = await options.metrics.scrape();
      return reply.type(options.metrics.contentType).header("cache-control", "no-store").send(text);
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Readiness } from "./readiness.ts";

const liveness = z.object({ status: z.literal("UP") });
const readinessAnswer = z.object({
  status: z.enum(["UP", "DOWN"]),
  database: z.enum(["UP", "DOWN"]),
  migrations: z.enum(["UP", "PENDING", "UNKNOWN"]),
  stopping: z.boolean(),
});

/** Probes for a load balancer or an orchestrator; public, and answered without a sign-in. */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  app.get("/health/live", { schema: { response: { 200: liveness } } }, async () => ({ status: "UP" as const }));

  app.get("/health/ready", { schema: { response: { 200: readinessAnswer, 503: readinessAnswer } } }, async (_request, reply) => {
    const { ready, ...report } = await readiness.check();
    return reply.status(ready ? 200 : 503).send({ status: ready ? "UP" : "DOWN", ...report });
  });
};

import type { FastifyInstance, FastifyServerOptions, RouteOptions } from "fastify";

/** A route as the app registered it: its method, its url with :params, and its schemas. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: RouteOptions["schema"];
}

/** Every route of every app built in this test file (HEAD routes Fastify adds are left out). */
export const registeredRoutes: RegisteredRoute[] = [];

type FastifyFactory = (options?: FastifyServerOptions) => FastifyInstance;

/**
 * A test file's mock of "fastify" whose instances record their routes, so a test drives the app's
 * own route list instead of one kept by hand:
 *
 *   vi.mock("fastify", async (importOriginal) =>
 *     (await import("./support/registered-routes.ts")).recordingRoutes(await importOriginal()));
 */
export function recordingRoutes<Module extends { default: unknown }>(original: Module): Module {
  const fastify = original.default as FastifyFactory;
  const recording = ((options?: FastifyServerOptions) => {
    const app = fastify(options);
    app.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        const known = registeredRoutes.some((seen) => seen.method === method && seen.url === route.url);
        if (method !== "HEAD" && !known) registeredRoutes.push({ method, url: route.url, schema: route.schema });
      }
    });
    return app;
  }) as FastifyFactory;
  return { ...original, default: recording, fastify: recording };
}

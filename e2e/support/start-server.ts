import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { type Db, openDatabase } from "../../apps/server/src/db/client.ts";
import { InProcessEventBus } from "../../apps/server/src/realtime/event-bus.ts";
import { seedDemoVenue } from "../../apps/server/src/seed/seed-demo.ts";

/** The built web app; E2E_WEB_DIST points elsewhere (e.g. a build of one's own beside a running suite). */
export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web/dist");

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The server's database, for a test to arrange what the UI cannot yet (e.g. a venue's print agent address). */
  db: Db;
  /** Stops the server and starts it again on the same port and database, as after a deploy. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server, in this process, on an in-memory database seeded with the demo venue, serving
 * the built web app (run `npm run build:web` first). Each call is a fresh, isolated venue.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, "index.html"))) throw new Error("apps/web/dist is missing: run `npm run build:web` first");
  const dataDir = await mkdtemp(path.join(tmpdir(), "tableorder-e2e-"));
  // A fixed secret for this run, so tokens stay valid across restart().
  const baseEnv = {
    ...process.env,
    DATABASE_URL: "pglite://memory://",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    ...env,
  };
  // A copy of the run's migrated database (the project's globalSetup), not initdb and every migration.
  const database = await openDatabase("pglite://memory://", { embeddedImage: inject("pgliteImage") });
  await database.migrate();
  await seedDemoVenue(database.db);

  const build = async (): Promise<{ app: FastifyInstance; events: InProcessEventBus }> => {
    const events = new InProcessEventBus();
    const { app } = await buildApp({ config: loadConfig({ ...baseEnv, WEB_DIST }), database, events });
    return { app, events };
  };

  let current = await build();
  await current.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = current.app.server.address() as AddressInfo;
  const stop = async () => {
    await current.app.close();
    await current.events.close();
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    async restart() {
      await stop();
      current = await build();
      await current.app.listen({ port, host: "127.0.0.1" });
    },
    async close() {
      await stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

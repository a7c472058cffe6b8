import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { retailers } from "./db/schema.ts";
import { ensureOperator } from "./features/operator/create-operator.ts";
import { localBaseUrl } from "./lib/public-url.ts";
import { createEventBus } from "./realtime/event-bus.ts";
import { DEMO_PASSWORD, DEMO_SIGN_INS, findDemoVenue, seedDemoVenue } from "./seed/seed-demo.ts";

// Start: config → database → migrations → (demo venue) → app → listen.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(config.databaseUrl, { embeddedCacheMb: config.embeddedCacheMb });
await database.migrate();

// The demo venue appears on the first start of an empty embedded database, or when asked.
const empty = (await database.db.select({ id: retailers.id }).from(retailers).limit(1)).length === 0;
const seed = config.seedDemo === "always" || (config.seedDemo === "auto" && database.kind === "pglite" && empty);
const demo = seed ? await seedDemoVenue(database.db) : null;

// The platform operator named by OPERATOR_USERNAME, made without a password: this start prints the
// one-time link that sets it (again at each start until it is used).
const operator = config.operatorUsername
  ? await ensureOperator({
      db: database.db,
      username: config.operatorUsername,
      baseUrl: localBaseUrl(config),
      validHours: config.setPasswordLinkHours,
    }).catch(async (error) => {
      if (!(error instanceof ConfigError)) throw error;
      console.error(error.message);
      await database.close();
      process.exit(1);
    })
  : null;

const events = await createEventBus({ databaseUrl: database.kind === "postgres" ? config.databaseUrl : undefined });
const { app, readiness } = await buildApp({ config, database, events });

// A graceful stop: readiness turns 503 at once; after the drain the app takes no new request
// (Fastify answers 503 and closes idle connections), finishes those under way, tells STOMP clients
// to reconnect, and stops background work at a safe point (app.ts's preClose); then the bus and
// the database close. A second signal while stopping changes nothing.
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  readiness.markStopping();
  try {
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await app.close();
    await events.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, "the stop failed");
    process.exit(1);
  }
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
const address = `http://localhost:${config.port}`;
console.log(`\nTable ordering platform at ${address} (${database.kind === "pglite" ? "embedded database" : "PostgreSQL"})`);
if (demo?.created) console.log("Demo Taverna created.");
// The demo's sign-ins only where the demo venue exists (venues made by the operator have none).
if (demo?.created || (await findDemoVenue(database.db)) != null) {
  console.log(`Demo guest table: ${address}/service/customer/demo-1`);
  console.log(`Demo sign-ins (password ${DEMO_PASSWORD}, demo venue only):`);
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.login.padEnd(9)} ${s.role.padEnd(10)} ${address}${s.area}`);
}
if (operator) {
  console.log(
    `\nPlatform operator "${config.operatorUsername}"${operator.created ? " created" : " has no password yet"}: choose its ` +
      `password with this one-time link (it works once, until ${operator.link.expiresAt}), then sign in at /business-login:\n  ${operator.link.url}`,
  );
}

import { performance } from "node:perf_hooks";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { seedDemoVenue } from "./seed-demo.ts";
import { HISTORY_DEFAULTS, seedHistory } from "./seed-history.ts";

// `npm run seed:history [-- --days 365 --orders-per-day 550]`: a year of a busy Demo Taverna in
// whatever database DATABASE_URL (or DATA_DIR's embedded one) names; the demo venue is created first if missing.
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const config = loadConfig();
const database = await openDatabase(config.databaseUrl);
await database.migrate();
const { retailerId } = await seedDemoVenue(database.db);
const started = performance.now();
const summary = await seedHistory(database.db, {
  retailerId,
  days: option("days", HISTORY_DEFAULTS.days),
  ordersPerDay: option("orders-per-day", HISTORY_DEFAULTS.ordersPerDay),
});
const seconds = (performance.now() - started) / 1000;
await database.close();
console.log(
  `Demo Taverna's history ${summary.startDate} … ${summary.endDate}: ${summary.orders} orders, ${summary.units} pieces, ` +
    `${summary.payments} payments in ${seconds.toFixed(1)} s.`,
);

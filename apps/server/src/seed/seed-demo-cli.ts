import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemoVenue } from "./seed-demo.ts";

// `npm run seed:demo`: adds Demo Taverna to whatever database DATABASE_URL names.
const config = loadConfig();
const database = await openDatabase(config.databaseUrl);
await database.migrate();
const { created } = await seedDemoVenue(database.db);
await database.close();
console.log(created ? "Demo Taverna created." : "Demo Taverna already exists; nothing changed.");
console.log(`Sign-ins (password ${DEMO_PASSWORD}): ${DEMO_SIGN_INS.map((s) => s.login).join(", ")}`);

// Makes the integration tests' migrated PGlite template (global-setup.ts): a new store in memory,
// every migration applied, packed with dumpDataDir into a tar file. A process of its own, as
// pglite-create.mjs, so the WebAssembly memory is given back when it exits rather than staying in
// vitest's for the whole run. Plain JavaScript: Node runs it without a TypeScript loader.
//
//   node pglite-image.mjs <migrations folder> <target file>
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const [migrationsFolder, target] = process.argv.slice(2);
const database = new PGlite();
await database.waitReady;
await migrate(drizzle({ client: database }), { migrationsFolder });
const image = await database.dumpDataDir("none");
writeFileSync(target, Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
await database.close();

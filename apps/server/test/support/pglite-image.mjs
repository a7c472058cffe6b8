// Makes the integration tests' migrated PGlite template (global-setup.ts): a new data directory
// with every migration applied, which tests on a data directory copy, and the same packed with
// dumpDataDir into a tar file, which stores in memory start from. A process of its own, as
// pglite-create.mjs, so the WebAssembly memory is given back when it exits rather than staying in
// vitest's for the whole run. Plain JavaScript: Node runs it without a TypeScript loader.
//
//   node pglite-image.mjs <migrations folder> <data directory> <tar file>
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const [migrationsFolder, dataDir, image] = process.argv.slice(2);
const database = new PGlite(dataDir);
await database.waitReady;
await migrate(drizzle({ client: database }), { migrationsFolder });
const packed = await database.dumpDataDir("none");
writeFileSync(image, Buffer.from(await packed.arrayBuffer()), { mode: 0o600 });
await database.close();

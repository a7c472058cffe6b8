// Creates the embedded database in an empty data directory with initdb, and exits (see
// createDatabase in new-database.ts): PGlite runs initdb on a second PostgreSQL instance, and the
// memory of both is given back only when this process ends. Plain JavaScript: Node runs it without
// a TypeScript loader.
//
//   node pglite-create.mjs <data directory>
import { PGlite } from "@electric-sql/pglite";

const database = new PGlite(process.argv[2]);
await database.waitReady;
await database.close();

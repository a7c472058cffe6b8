/**
 * Compiles the server to plain JavaScript, so production runs without a TypeScript loader
 * (`npm run build:server`, part of `npm start`):
 *
 *   tsx apps/server/build.ts [--outdir apps/server/dist]
 *
 * Each entry point becomes one ES module directly in the out dir, holding the code it needs from
 * apps/server/src and the workspace package @tableorder/domain. Every other package stays an import
 * resolved from node_modules at run time (sharp and argon2 are native, PGlite loads its own
 * WebAssembly files), so the out dir must lie inside the repository. The files the server reads at
 * run time (server-files.ts) are copied beside the modules with the paths they have under src.
 */
import { chmodSync, cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { build, type Plugin } from "esbuild";
import { NEW_DATABASE_TEMPLATE, RUNTIME_FILES, runtimeFile } from "./src/server-files.ts";

const SERVER_DIRECTORY = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_DIRECTORY = path.join(SERVER_DIRECTORY, "src");

/** Bare imports stay imports, except the workspace's own TypeScript packages, which are compiled in. */
const packagesStayExternal: Plugin = {
  name: "packages-stay-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@tableorder/") ? undefined : { external: true }));
  },
};

/**
 * The server, and the operator's commands that a production image runs without tsx
 * (`node dist/backup-cli.js`…). Each becomes a file of its own directly in the out dir.
 */
const ENTRY_POINTS = [
  "main.ts",
  "operations/backup-cli.ts",
  "operations/restore-cli.ts",
  "operations/venue-create-cli.ts",
  "operations/operator-create-cli.ts",
  "seed/seed-demo-cli.ts",
];

const { values } = parseArgs({ options: { outdir: { type: "string" } } });
const outdir = path.resolve(values.outdir ?? path.join(SERVER_DIRECTORY, "dist"));

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ENTRY_POINTS.map((entry) => path.join(SOURCE_DIRECTORY, entry)),
  outdir,
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Stack traces map to the sources with `node --enable-source-maps`.
  sourcemap: "linked",
  plugins: [packagesStayExternal],
  logLevel: "warning",
});
for (const file of RUNTIME_FILES) {
  mkdirSync(path.dirname(path.join(outdir, file)), { recursive: true });
  cpSync(path.join(SOURCE_DIRECTORY, file), path.join(outdir, file), { recursive: true });
}
// The new-database template a first start copies instead of running initdb and every migration,
// made by the installed PGlite with this build's migrations, and readable by whichever user runs
// the build (the server's copy is its own).
const template = path.join(outdir, path.relative(SOURCE_DIRECTORY, NEW_DATABASE_TEMPLATE));
const database = new PGlite(template);
await database.waitReady;
await migrate(drizzle({ client: database }), { migrationsFolder: runtimeFile("db/migrations") });
await database.close();
makeReadable(template);

console.log(`server compiled to ${path.relative(process.cwd(), outdir) || outdir}`);

/** Directories 0755 and files 0644 below `directory`: initdb makes them its user's alone. */
function makeReadable(directory: string): void {
  chmodSync(directory, 0o755);
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

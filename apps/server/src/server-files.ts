import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the server's code runs from: apps/server/src under tsx (this module lies directly in it),
 * or the out dir of the compiled build (build.ts bundles everything into one main.js directly in
 * it). Files the code reads at run time are found from here, so each path holds in both.
 */
const CODE_DIRECTORY = path.dirname(fileURLToPath(import.meta.url));

/**
 * The files beside the code that the server reads or starts at run time, by their path under src:
 * the build copies each into its out dir with the same path. Workers are plain JavaScript because
 * Node starts them itself, without a TypeScript loader.
 */
export const RUNTIME_FILES = [
  "db/migrations",
  "db/pglite-create.mjs",
  "db/pglite-worker.mjs",
  "integrations/mydata/xsd",
  "integrations/mydata/xsd-worker.mjs",
  "seed/demo-pictures",
] as const;

export type RuntimeFile = (typeof RUNTIME_FILES)[number];

/** The absolute path of a runtime file, from src under tsx or from the compiled build. */
export function runtimeFile(file: RuntimeFile): string {
  return path.join(CODE_DIRECTORY, file);
}

/**
 * A new embedded database with the build's migrations applied (a data directory), which the
 * compiled build makes once (build.ts): a first start copies it instead of running initdb and every
 * migration (3-8 s on the shared 2-core machine). Absent under tsx: the sources create each new
 * database with initdb and migrate it.
 */
export const NEW_DATABASE_TEMPLATE = path.join(CODE_DIRECTORY, "db/new-database");

/**
 * The web app's build (`npm run build:web`): apps/web/dist, two levels above both apps/server/src
 * and apps/server/dist. A build placed elsewhere sets WEB_DIST.
 */
export const DEFAULT_WEB_DIST = path.resolve(CODE_DIRECTORY, "../../web/dist");

import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./server-child.ts";

/**
 * One of the commands of apps/server/src/operations (`npm run backup`, `venue:create` …), started
 * as npm starts it, with the test's own database settings left out: `env` says where it works.
 */
export function runOperationsCommand(script: string, args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "TEST_POSTGRES_URL", "VITEST"]) delete childEnv[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(REPO_ROOT, "apps/server/src/operations", script), ...args],
    {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

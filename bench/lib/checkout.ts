import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO_ROOT, type ServeCommand } from "./server-process.ts";

/** A commit's code on disk: this worktree, or a temporary worktree of an older commit. */
export interface Checkout {
  dir: string;
  /** "d20caa2 (HEAD)": the short hash and how it was named, for the report. */
  label: string;
  sha: string;
  subject: string;
  /** Removes a temporary worktree; nothing for this one. */
  cleanup(): Promise<void>;
}

/** Runs a command to its end; its output is kept and shown only if it fails. */
export async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) {
    throw new Error(`${command} ${args.join(" ")} (in ${cwd}) ended with code ${code}:\n${output.slice(-3000)}`);
  }
  return output;
}

async function commitOf(rev: string, cwd: string): Promise<{ sha: string; subject: string }> {
  const sha = (await run("git", ["rev-parse", "--verify", `${rev}^{commit}`], cwd)).trim();
  const subject = (await run("git", ["log", "-1", "--format=%s", sha], cwd)).trim();
  return { sha, subject };
}

/** This worktree as it is (uncommitted changes included, which the label says). */
export async function currentCheckout(): Promise<Checkout> {
  const { sha, subject } = await commitOf("HEAD", REPO_ROOT);
  const dirty = (await run("git", ["status", "--porcelain", "--untracked-files=no"], REPO_ROOT)).trim() !== "";
  return {
    dir: REPO_ROOT,
    label: `${sha.slice(0, 7)} (this worktree${dirty ? ", with uncommitted changes" : ""})`,
    sha,
    subject,
    cleanup: async () => {},
  };
}

/**
 * Another commit in a temporary worktree (git worktree add --detach) with its own dependencies
 * (npm ci), so its code runs as it was, whatever this worktree has changed since.
 */
export async function temporaryCheckout(rev: string, log: (line: string) => void): Promise<Checkout> {
  const { sha, subject } = await commitOf(rev, REPO_ROOT);
  const parent = mkdtempSync(path.join(tmpdir(), "tableorder-bench-compare-"));
  const dir = path.join(parent, sha.slice(0, 7));
  const cleanup = async () => {
    await run("git", ["worktree", "remove", "--force", dir], REPO_ROOT).catch((error: Error) =>
      log(`could not remove the worktree ${dir}: ${error.message.split("\n")[0]}`),
    );
    rmSync(parent, { recursive: true, force: true });
    await run("git", ["worktree", "prune"], REPO_ROOT).catch(() => {});
  };
  try {
    log(`checking out ${sha.slice(0, 7)} (${rev}) into ${dir}…`);
    await run("git", ["worktree", "add", "--detach", dir, sha], REPO_ROOT);
    log(`npm ci in ${dir}…`);
    await run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { dir, label: `${sha.slice(0, 7)} (${rev})`, sha, subject, cleanup };
}

function scriptsOf(dir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  return manifest.scripts ?? {};
}

/** The checkout's web app built by its own `npm run build:web`, into its apps/web/dist. */
export async function buildWebOf(checkout: Checkout, log: (line: string) => void): Promise<string> {
  log(`${checkout.label}: npm run build:web…`);
  await run("npm", ["run", "build:web"], checkout.dir);
  const dist = path.join(checkout.dir, "apps/web/dist");
  if (!existsSync(path.join(dist, "index.html")))
    throw new Error(`${checkout.label}: npm run build:web left no ${dist}/index.html`);
  return dist;
}

/**
 * The checkout's server compiled by its own `npm run build:server` and started as its own
 * `npm run serve` starts it (`sh apps/server/serve.sh <entry>` or `node <entry>`); a commit without
 * those scripts runs its sources under tsx (null).
 */
export async function buildServerOf(checkout: Checkout, log: (line: string) => void): Promise<ServeCommand | null> {
  const scripts = scriptsOf(checkout.dir);
  const serve = /^(sh apps\/server\/serve\.sh|node) (\S+\.js)$/.exec(scripts.serve?.trim() ?? "");
  if (!scripts["build:server"] || !serve) {
    log(`${checkout.label}: no build:server and serve scripts of the known forms; its server runs from its sources under tsx`);
    return null;
  }
  log(`${checkout.label}: npm run build:server…`);
  await run("npm", ["run", "build:server"], checkout.dir);
  return { entry: path.join(checkout.dir, serve[2]), serveScript: serve[1] !== "node" };
}

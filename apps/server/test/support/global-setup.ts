import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../../src/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite template: a data directory (PGlite runs only). */
    pgliteDirectory: string | undefined;
    /** The same packed by dumpDataDir, for stores in memory (PGlite runs only). */
    pgliteImage: string | undefined;
    /** The migrated template database on TEST_POSTGRES_URL's server (PostgreSQL runs only). */
    postgresTemplate: string | undefined;
  }
}

/**
 * Makes one migrated database per run for the test files to copy (test-app.ts): creating a new
 * database and applying every migration took 3-4 s a server on PGlite (initdb is most of it), and
 * the integration files start more than a hundred. On PostgreSQL it is a database named t_… like
 * the tests' own, so CI's sweep of t_% databases also takes one a stopped run left behind; it is
 * dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!postgresUrl) {
    const directory = mkdtempSync(path.join(tmpdir(), "tableorder-template-"));
    const dataDir = path.join(directory, "db");
    const image = path.join(directory, "db.tar");
    const script = path.join(import.meta.dirname, "pglite-image.mjs");
    await promisify(execFile)(process.execPath, [script, migrationsFolder, dataDir, image], { timeout: 120_000 });
    project.provide("pgliteDirectory", dataDir);
    project.provide("pgliteImage", image);
    project.provide("postgresTemplate", undefined);
    return async () => rmSync(directory, { recursive: true, force: true });
  }
  const name = `t_template_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await adminQuery(postgresUrl, `create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const template = await openDatabase(url.toString());
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  project.provide("pgliteDirectory", undefined);
  project.provide("pgliteImage", undefined);
  project.provide("postgresTemplate", name);
  return () => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(postgresUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

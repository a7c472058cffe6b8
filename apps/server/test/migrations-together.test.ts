import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../src/db/client.ts";
import { createTestDatabaseUrl, postgresUrl } from "./support/test-app.ts";

// Instances started together (docker compose, a rolling deploy) each migrate at start.
describe.skipIf(!postgresUrl)("instances migrating one PostgreSQL at the same moment", () => {
  it("apply every migration once, and every instance starts", async () => {
    const url = await createTestDatabaseUrl();
    const instances = await Promise.all([openDatabase(url), openDatabase(url), openDatabase(url)]);
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
      const applied = await instances[0].db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: { n: number }[] }).rows[0].n).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});

import { chmodSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("the embedded default's generated secrets", () => {
  it("are written readable by their owner only, and an open one is closed at the next start", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-secrets-"));
    const env = { DATA_DIR: dataDir, DATABASE_URL: `pglite://${path.join(dataDir, "db")}` };
    const first = loadConfig(env);
    const files = ["jwt-secret", "fiscal-secrets-key"].map((name) => path.join(dataDir, name));
    for (const file of files) expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(files[0], "utf8")).toBe(first.jwtSecret);

    // Left readable by everyone (a copied data directory, an older version): closed, and kept.
    for (const file of files) chmodSync(file, 0o644);
    const again = loadConfig(env);
    for (const file of files) expect(modeOf(file)).toBe(0o600);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.fiscal.secretsKey.equals(first.fiscal.secretsKey)).toBe(true);
  });
});

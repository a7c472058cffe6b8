import { defineConfig } from "vitest/config";

// Three layers, run separately so CI can repeat the integration layer on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.unit.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.test.ts", "apps/print-agent/test/**/*.test.ts"],
          // One migrated database per run, which each file's new databases copy.
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at once (npm run test:integration gives two workers): each file has databases
          // of its own, and on this 2-core machine it took the layer from 623 s to 357 s.
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // The same migrated database, which each journey's server copies.
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page's answer to an action comes over the network and the socket: on a loaded machine
          // that takes more than expect.poll's default second (the table's unpaid total read 1 s late).
          expect: { poll: { timeout: 5_000 } },
          // Two files at once (npm run test:e2e gives two workers): each file has its own server,
          // database, browser and stand-in printer address; 486 s against about 1,000 s one at a time.
        },
      },
    ],
  },
});

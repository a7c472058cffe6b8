import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webAppPolicy } from "../src/lib/security-headers.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
let behindProxy: TestServer;

/** A built web app as the server finds it: a page and an asset. */
function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tableorder-web-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>TableOrder</title>");
  writeFileSync(path.join(dir, "assets", "index.js"), "console.log(1)");
  return dir;
}

beforeAll(async () => {
  const dist = webDist();
  server = await startTestServer({ env: { WEB_DIST: dist } });
  behindProxy = await startTestServer({ env: { WEB_DIST: dist, TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
  await behindProxy?.close();
});

/** The CSP's directives by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("permissions-policy")).toContain("camera=()");
  expect(directives(headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
}

describe("security headers", () => {
  it("puts the web app's policy on a page, for the app's routes and for index.html", async () => {
    for (const page of ["/", "/service/customer/ABC123/menu", "/service/prep"]) {
      const response = await fetch(`${server.baseUrl}${page}`);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("script-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
      // The print agent is ws:// on the venue's network: it must not be upgraded to wss://.
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    }
  });

  it("never allows inline or evaluated script, with or without the sign-in providers", async () => {
    const providers = {
      google: { clientId: "c", clientSecret: "s", tokenUrl: "", issuer: "", jwksUrl: "", redirectUri: "" },
      facebook: { appId: "a", appSecret: "s", graphUrl: "" },
    };
    for (const config of [{ google: null, facebook: null }, providers]) {
      const policy = webAppPolicy(config);
      for (const [name, values] of Object.entries(policy)) {
        if (name.startsWith("script-src") || name === "default-src") {
          expect(values).not.toContain("'unsafe-inline'");
          expect(values).not.toContain("'unsafe-eval'");
        }
      }
    }
    expect(webAppPolicy(providers)["script-src"]).toEqual([
      "'self'",
      "https://accounts.google.com/gsi/client",
      "https://connect.facebook.net",
    ]);
    expect(webAppPolicy({ google: null, facebook: null })["frame-src"]).toEqual(["'none'"]);
  });

  it("lets the configured sign-in providers load, and only them", async () => {
    const google = await startTestServer({
      env: { WEB_DIST: webDist(), GOOGLE_CLIENT_ID: "client", GOOGLE_CLIENT_SECRET: "secret" },
    });
    try {
      const csp = directives((await fetch(`${google.baseUrl}/`)).headers.get("content-security-policy"));
      expect(csp.get("script-src")).toEqual(["'self'", "https://accounts.google.com/gsi/client"]);
      expect(csp.get("frame-src")).toEqual(["https://accounts.google.com/gsi/"]);
      expect(csp.get("script-src")?.join(" ")).not.toContain("facebook");
    } finally {
      await google.close();
    }
  });

  it("gives API answers, errors and assets a policy that allows nothing, with the other headers", async () => {
    const api = apiClient(server.baseUrl);
    const answers = [
      await api.post("/api/authenticate-anonymous", {}),
      await api.get("/api/account"),
      await api.get("/api/no-such-route"),
      await api.post("/api/authenticate", { username: "nobody", password: "wrong" }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expectCommonHeaders(answer.headers);
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const asset = await fetch(`${server.baseUrl}/assets/index.js`);
    expectCommonHeaders(asset.headers);
    expect(asset.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("sends HSTS only over HTTPS, as a trusted proxy reports it", async () => {
    const https = { "x-forwarded-proto": "https" };
    // Behind one trusted proxy: https as the proxy says, on pages and API answers alike.
    for (const page of ["/", "/api/account"]) {
      const secure = await fetch(`${behindProxy.baseUrl}${page}`, { headers: https });
      expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const plain = await fetch(`${behindProxy.baseUrl}${page}`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    }
    // Facing the internet itself (TRUST_PROXY=0), a caller's X-Forwarded-Proto is not believed.
    const spoofed = await fetch(`${server.baseUrl}/`, { headers: https });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });
});

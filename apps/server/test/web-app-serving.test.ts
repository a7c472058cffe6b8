import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
const script = `console.log(${JSON.stringify("μενού ".repeat(400))});`;
const serviceWorker = `self.addEventListener("fetch", () => {}); // ${"staff ".repeat(400)}`;

beforeAll(async () => {
  // A web build as `npm run build:web` leaves it: assets with their .br and .gz copies.
  const webDist = mkdtempSync(path.join(tmpdir(), "tableorder-web-"));
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>TableOrder</title>");
  writeFileSync(path.join(webDist, "assets", "menu.js"), script);
  writeFileSync(path.join(webDist, "assets", "menu.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(webDist, "assets", "menu.js.gz"), gzipSync(script));
  writeFileSync(path.join(webDist, "sw.js"), serviceWorker);
  writeFileSync(path.join(webDist, "sw.js.br"), brotliCompressSync(serviceWorker));
  server = await startTestServer({ env: { WEB_DIST: webDist } });
});
afterAll(async () => server?.close());

/** A raw GET (fetch would decode the body and hide what travelled). */
function rawGet(pathname: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.baseUrl}${pathname}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            encoding: res.headers["content-encoding"],
            vary: res.headers.vary,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("serving the web app", () => {
  it("sends a browser the brotli copy when it takes brotli, else gzip, else the file itself", async () => {
    const br = await rawGet("/assets/menu.js", "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(brotliCompressSync(script))).toBe(true);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 3);

    const gz = await rawGet("/assets/menu.js", "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gz.body.equals(gzipSync(script))).toBe(true);

    const plain = await rawGet("/assets/menu.js", "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });
});

/** A raw request of any method, with the headers and the bytes that came back. */
function rawRequest(method: string, pathname: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.baseUrl}${pathname}`, { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("HEAD, as link checkers and uptime monitors ask", () => {
  it.each([
    ["a page of the web app", "/service/customer/demo-1"],
    ["the site's root", "/"],
    ["a static asset", "/assets/menu.js"],
    ["an API read", "/api/home-page/cuisine-types"],
    ["an unknown API path", "/api/no-such-thing"],
  ])("answers %s as its GET does, without a body", async (_what, pathname) => {
    const get = await rawRequest("GET", pathname);
    const head = await rawRequest("HEAD", pathname);
    expect(head.status).toBe(get.status);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });
});

describe("the staff apps' service worker", () => {
  it("is checked again on every visit and may fetch from its own origin only, compressed or not", async () => {
    for (const encoding of ["br", "identity"]) {
      const answer = await rawGet("/sw.js", encoding);
      const { headers } = answer;
      expect(headers["cache-control"]).toBe("no-cache");
      expect(headers["content-type"]).toMatch(/javascript/);
      expect(headers["content-security-policy"]).toBe("default-src 'none'; connect-src 'self'; frame-ancestors 'none'");
      expect(answer.encoding).toBe(encoding === "br" ? "br" : undefined);
    }
  });

  it("leaves the build's other files their hour of caching and their closed policy", async () => {
    const { headers } = await rawRequest("GET", "/assets/menu.js");
    expect(headers["cache-control"]).toBe("public, max-age=3600");
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

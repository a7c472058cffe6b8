import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { builtSizes } from "../lib/guest-route.ts";
import { expectOk, HttpClient, tokenOf } from "../lib/http-client.ts";
import type { BenchContext, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { REPO_ROOT } from "../lib/server-process.ts";
import { Samples } from "../lib/stats.ts";

const TABLE_CODE = "demo-1";
const ROUTE = `/service/customer/${TABLE_CODE}/menu`;
/** Cold loads measured (a fresh browser context each, so an empty cache); the median is reported. */
const RUNS = 7;
/** Cold loads before measuring: the server's menu cache and JIT warm up as on a venue's evening. */
const WARMUP_RUNS = 1;
const USABLE_TIMEOUT_MS = 30_000;

/**
 * "Fast 4G" as Chrome DevTools and Puppeteer define it (puppeteer
 * `PredefinedNetworkConditions['Fast 4G']`, the same numbers as DevTools' network presets):
 * 9 Mbps down and 1.5 Mbps up, each × 0.9, and 60 ms RTT × 2.75 = 165 ms added to every request,
 * the factors DevTools uses so that request-level throttling matches packet-level measurements.
 */
const FAST_4G = {
  offline: false,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  latency: 60 * 2.75,
} as const;
/** A mid-range phone runs JavaScript about 4× slower than this machine's core (Lighthouse's mobile default). */
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

/**
 * What the guest's phone does on a first visit, run inside the page before any of the app's
 * scripts: it accepts the terms and taps "continue as guest" the moment the sign-in popup can
 * take it (a person would take a few seconds; those are not the app's), and records when the
 * popup became usable and when the first product of the menu is on screen and can be tapped
 * (visible, enabled, and the topmost element at its centre, so no popup or skeleton covers it).
 * Times are performance.now(), i.e. milliseconds since the navigation started.
 */
// A string, not a function: tsx's transform would add helpers (__name) the page does not have.
const IN_PAGE_PROBE = `(() => {
  const marks = {};
  window.__guestMenu = marks;
  const tappable = (element) => {
    if (!(element instanceof HTMLElement) || element.disabled) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.top >= window.innerHeight || box.bottom <= 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  };
  const tick = () => {
    const accept = document.querySelector('[data-testid="accept-terms"]');
    if (accept && marks.signInShown === undefined && tappable(accept)) {
      marks.signInShown = performance.now();
      accept.click();
    }
    const guest = document.querySelector('[data-testid="continue-as-guest"]');
    if (guest && marks.guestTapped === undefined && accept && accept.checked && tappable(guest)) {
      marks.guestTapped = performance.now();
      guest.click();
    }
    if (tappable(document.querySelector('[data-testid="menu-product-toggle"]'))) {
      marks.usable = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Asset {
  body: Buffer;
  /** The build's own compressed copies (see precompressAssets in apps/web/vite.config.ts). */
  br: Buffer | null;
  gzip: Buffer | null;
  type: string;
}

/**
 * The built web app served as the server serves it (@fastify/static with `preCompressed`: the
 * build's .br copy when the browser takes brotli, else .gz, else the file), with the API and the
 * WebSocket forwarded to the server under test, which the harness starts without a web build.
 */
async function startFront(webDist: string, backendUrl: string): Promise<{ url: string; server: Server }> {
  const backend = new URL(backendUrl);
  const cache = new Map<string, Asset | null>();
  const asset = (urlPath: string): Asset | null => {
    if (cache.has(urlPath)) return cache.get(urlPath) ?? null;
    const file = path.join(webDist, path.normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, ""));
    let found: Asset | null = null;
    if (file.startsWith(webDist) && existsSync(file) && statSync(file).isFile()) {
      const ext = path.extname(file);
      const body = readFileSync(file);
      const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
      found = { body, br: copy(".br"), gzip: copy(".gz"), type: CONTENT_TYPES[ext] ?? "application/octet-stream" };
    }
    cache.set(urlPath, found);
    return found;
  };
  const proxied = (url: string) => /^\/(api|management|websocket)(\/|$|\?)/.test(url);

  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (proxied(url)) {
      const upstream = request(
        { host: backend.hostname, port: backend.port, method: req.method, path: url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
      return;
    }
    const pathname = url.split("?")[0];
    const found = asset(pathname) ?? asset("/index.html");
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const encoding = found.br && /\bbr\b/.test(accepted) ? "br" : found.gzip && /\bgzip\b/.test(accepted) ? "gzip" : null;
    const body = encoding === "br" ? (found.br as Buffer) : encoding === "gzip" ? (found.gzip as Buffer) : found.body;
    res.writeHead(200, {
      "content-type": found.type,
      "content-length": body.length,
      "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      ...(encoding ? { "content-encoding": encoding, vary: "accept-encoding" } : {}),
    });
    res.end(body);
  });
  // The guest's live feed: the upgrade request goes through untouched, then both ways are piped.
  server.on("upgrade", (req, socket, head) => {
    const upstream = connect(Number(backend.port), backend.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on("error", close);
    socket.on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server };
}

/** A fresh production build of the web app, so the figures are those of the code as it is now. */
async function buildWeb(log: (line: string) => void): Promise<{ dir: string; cleanup: () => void }> {
  const given = process.env.BENCH_WEB_DIST;
  if (given) {
    if (!existsSync(path.join(given, "index.html"))) throw new Error(`BENCH_WEB_DIST=${given} holds no index.html`);
    log(`using the web build in ${given}`);
    return { dir: path.resolve(given), cleanup: () => {} };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tableorder-bench-web-"));
  log(`building the web app into ${dir}…`);
  const { build } = await import("vite");
  await build({
    configFile: path.join(REPO_ROOT, "apps/web/vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Download {
  url: string;
  type: string;
  /** Bytes over the wire, HTTP headers included (CDP encodedDataLength). */
  transferred: number;
  /** The body after decompression. */
  decoded: number;
  /** When it was requested and when it finished, ms after the document was requested. */
  sentMs: number;
  finishedMs: number;
}

interface RunFigures {
  signInShownMs: number;
  guestTappedMs: number;
  usableMs: number;
  downloads: Download[];
}

/**
 * One cold load (new browser context: empty cache and storage). With a token the guest is already
 * signed in, as when they open the table's link again later: the token is in local storage (where
 * the app keeps a guest's, lib/session.ts) before the app starts.
 */
async function coldLoad(browser: import("playwright-core").Browser, baseUrl: string, token?: string): Promise<RunFigures> {
  const context = await browser.newContext({ ...PHONE, locale: "el-GR", timezoneId: "Europe/Athens" });
  try {
    if (token) await context.addInitScript(`localStorage.setItem("authenticationToken", ${JSON.stringify(token)});`);
    await context.addInitScript(IN_PAGE_PROBE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", FAST_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    const requests = new Map<string, { url: string; type: string; decoded: number }>();
    const sentAt = new Map<string, number>();
    const downloads: (Omit<Download, "sentMs" | "finishedMs"> & { sentAt: number; finishedAt: number })[] = [];
    // CDP timestamps are seconds on a monotonic clock; the document's request marks the start.
    let documentSentAt: number | null = null;
    cdp.on("Network.requestWillBeSent", (event) => {
      if (documentSentAt === null && event.type === "Document") documentSentAt = event.timestamp;
      sentAt.set(event.requestId, event.timestamp);
    });
    cdp.on("Network.responseReceived", (event) => {
      requests.set(event.requestId, { url: event.response.url, type: event.type, decoded: 0 });
    });
    cdp.on("Network.dataReceived", (event) => {
      const seen = requests.get(event.requestId);
      if (seen) seen.decoded += event.dataLength;
    });
    cdp.on("Network.loadingFinished", (event) => {
      const seen = requests.get(event.requestId);
      if (seen) {
        const sent = sentAt.get(event.requestId) ?? event.timestamp;
        downloads.push({ ...seen, transferred: event.encodedDataLength, sentAt: sent, finishedAt: event.timestamp });
      }
    });

    await page.goto(`${baseUrl}${ROUTE}`, { waitUntil: "commit" });
    const marks = await page
      .waitForFunction("window.__guestMenu && window.__guestMenu.usable !== undefined ? window.__guestMenu : null", undefined, {
        timeout: USABLE_TIMEOUT_MS,
        polling: 100,
      })
      .then((handle) => handle.jsonValue() as Promise<Record<string, number>>)
      .catch(async () => {
        throw new Error(`the menu was not usable within ${USABLE_TIMEOUT_MS} ms${errors.length ? `: ${errors.join("; ")}` : ""}`);
      });
    // What finished after the menu became usable (product images, say) is not counted.
    const start = documentSentAt ?? 0;
    return {
      signInShownMs: marks.signInShown ?? Number.NaN,
      guestTappedMs: marks.guestTapped ?? Number.NaN,
      usableMs: marks.usable,
      downloads: downloads
        .filter((d) => (d.finishedAt - start) * 1000 <= marks.usable)
        .map(({ sentAt, finishedAt, ...d }) => ({
          ...d,
          sentMs: (sentAt - start) * 1000,
          finishedMs: (finishedAt - start) * 1000,
        })),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const samples = new Samples();
  for (const v of values) samples.add(v);
  return samples.percentile(50);
};

/**
 * A guest's first visit to the menu on a phone: a cold load of /service/customer/demo-1/menu in
 * Chromium with Fast 4G network and 4× CPU throttling, through the anonymous sign-in and check-in
 * the first visit makes, until the first product can be tapped. Reports the JavaScript and CSS
 * downloaded (gzip) and the time to a usable menu, median of several cold loads.
 */
export const guestMenu: Scenario = {
  name: "guest-menu",
  description: `a guest's first load of ${ROUTE} in Chromium, Fast 4G + 4× CPU: JS/CSS gzip bytes and time to a usable menu, first visit and signed in (median of ${RUNS} cold loads each; rate and duration options do not apply)`,
  budgetSec: () => 300,
  async run({ server, log }: BenchContext): Promise<ScenarioResult> {
    const web = await buildWeb(log);
    const built = builtSizes(web.dir);
    const front = await startFront(web.dir, server.baseUrl);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-quic",
        "--no-first-run",
      ],
    });
    const runs: RunFigures[] = [];
    const returning: RunFigures[] = [];
    const warnings: string[] = [];
    const http = new HttpClient(server.baseUrl);
    try {
      for (let i = 0; i < WARMUP_RUNS + RUNS; i++) {
        const figures = await coldLoad(browser, front.url);
        const measured = i >= WARMUP_RUNS;
        log(
          `${measured ? `run ${i - WARMUP_RUNS + 1}/${RUNS}` : "warm-up"}: usable at ${figures.usableMs.toFixed(0)} ms (sign-in popup ${figures.signInShownMs.toFixed(0)} ms)`,
        );
        if (measured) runs.push(figures);
      }
      for (let i = 0; i < RUNS; i++) {
        const token = tokenOf(expectOk(await http.post("/api/authenticate-anonymous", {}), "guest sign-in"));
        const figures = await coldLoad(browser, front.url, token);
        log(`signed-in guest ${i + 1}/${RUNS}: usable at ${figures.usableMs.toFixed(0)} ms`);
        returning.push(figures);
      }
    } finally {
      http.close();
      await browser.close();
      const closed = new Promise<void>((resolve) => front.server.close(() => resolve()));
      front.server.closeAllConnections();
      await closed;
      web.cleanup();
    }
    // The median run's requests in order: where the time to a usable menu goes.
    const typical = [...runs].sort((a, b) => a.usableMs - b.usableMs)[Math.floor(runs.length / 2)];
    log(
      `requests of the median run (sent → finished, ms after the document request; usable at ${typical.usableMs.toFixed(0)} ms):`,
    );
    for (const d of [...typical.downloads].sort((a, b) => a.sentMs - b.sentMs)) {
      const name = new URL(d.url).pathname.replace(/^\/assets\//, "");
      log(
        `  ${d.sentMs.toFixed(0).padStart(5)} → ${d.finishedMs.toFixed(0).padStart(5)}  ${(d.transferred / 1024).toFixed(1).padStart(6)} KB  ${name}`,
      );
    }

    const sum = (run: RunFigures, type: string, field: "transferred" | "decoded") =>
      run.downloads.filter((d) => d.type === type).reduce((total, d) => total + d[field], 0);
    const jsWire = median(runs.map((run) => sum(run, "Script", "transferred")));
    const cssWire = median(runs.map((run) => sum(run, "Stylesheet", "transferred")));
    const jsDecoded = median(runs.map((run) => sum(run, "Script", "decoded")));
    const cssDecoded = median(runs.map((run) => sum(run, "Stylesheet", "decoded")));
    const jsFiles = median(runs.map((run) => run.downloads.filter((d) => d.type === "Script").length));
    const allWire = median(runs.map((run) => run.downloads.reduce((total, d) => total + d.transferred, 0)));
    const requestsBeforeUsable = median(runs.map((run) => run.downloads.length));
    const usable = runs.map((run) => run.usableMs);
    const shown = runs.map((run) => run.signInShownMs);
    const afterTap = runs.map((run) => run.usableMs - run.guestTappedMs);
    const returningUsable = returning.map((run) => run.usableMs);

    if (built.js > 150 * 1024) warnings.push(`JavaScript for the menu is ${kb(built.js)} gzip, over the 150 KB budget`);
    if (median(usable) > 2000)
      warnings.push(`the menu became usable after ${median(usable).toFixed(0)} ms (median), over the 2 s aim`);
    for (const line of server.logProblems()) warnings.push(`server: ${line.slice(0, 200)}`);

    return {
      title: `guest-menu · ${ROUTE} · Fast 4G (9/1.5 Mbps ×0.9, 165 ms) · CPU ×${CPU_SLOWDOWN} · ${RUNS} cold loads`,
      sections: [
        {
          heading: "downloaded until the menu is usable (median of the runs, as sent: brotli where the browser takes it)",
          rows: [
            ["JavaScript", `${kb(jsWire)} on the wire (${jsFiles} files), ${kb(jsDecoded)} decoded`],
            ["CSS", `${kb(cssWire)} on the wire, ${kb(cssDecoded)} decoded`],
            ["everything", `${kb(allWire)} on the wire in ${requestsBeforeUsable} requests (HTML, API, icons)`],
          ],
        },
        {
          heading: "built files the route needs (Vite manifest; gzip level 6, without HTTP headers)",
          rows: [
            ["JavaScript", `${kb(built.js)} gzip (${kb(built.jsRaw)} raw)`],
            ["CSS", `${kb(built.css)} gzip (${kb(built.cssRaw)} raw)`],
            ["files", built.files.map((file) => path.basename(file)).join(", ")],
          ],
        },
        {
          heading: "time from navigation start (median, min-max)",
          rows: [
            [
              "sign-in popup usable",
              `${median(shown).toFixed(0)} ms (${Math.min(...shown).toFixed(0)}-${Math.max(...shown).toFixed(0)})`,
            ],
            [
              "guest tap → menu usable",
              `${median(afterTap).toFixed(0)} ms (${Math.min(...afterTap).toFixed(0)}-${Math.max(...afterTap).toFixed(0)}): sign-in, table, check-in, menu`,
            ],
            [
              "menu usable",
              `${median(usable).toFixed(0)} ms (${Math.min(...usable).toFixed(0)}-${Math.max(...usable).toFixed(0)})`,
            ],
            [
              "menu usable, signed in",
              `${median(returningUsable).toFixed(0)} ms (${Math.min(...returningUsable).toFixed(0)}-${Math.max(...returningUsable).toFixed(0)}): guest with a token, cold cache`,
            ],
          ],
        },
      ],
      warnings,
      data: {
        route: ROUTE,
        network: FAST_4G,
        cpuSlowdown: CPU_SLOWDOWN,
        runs: runs.map((run) => ({
          signInShownMs: run.signInShownMs,
          guestTappedMs: run.guestTappedMs,
          usableMs: run.usableMs,
          jsTransferred: sum(run, "Script", "transferred"),
          cssTransferred: sum(run, "Stylesheet", "transferred"),
        })),
        signedInUsableMs: returningUsable,
        built,
      },
    };
  },
};

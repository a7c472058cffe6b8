import path from "node:path";
import { chromium } from "playwright-core";
import { buildServerOf, buildWebOf, type Checkout, currentCheckout, temporaryCheckout } from "../lib/checkout.ts";
import { builtSizes } from "../lib/guest-route.ts";
import { expectOk, HttpClient, tokenOf } from "../lib/http-client.ts";
import { describeMachine, loadAverage } from "../lib/machine.ts";
import type { BenchContext, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { type ServerUnderTest, startCheckoutServer } from "../lib/server-process.ts";
import { ms, Samples } from "../lib/stats.ts";

const TABLE_CODE = "demo-1";
const ROUTE = `/service/customer/${TABLE_CODE}/menu`;
/** Cold loads measured per kind of guest and commit (a fresh browser context each, so an empty cache), unless --runs says. */
const DEFAULT_RUNS = 7;
/** Cold loads before measuring: the server's menu cache and JIT warm up as on a venue's evening. */
const WARMUP_RUNS = 1;
/** Generous: the machine may be shared, and a throttled phone on it slower still. */
const USABLE_TIMEOUT_MS = 60_000;
/** How long after the menu was usable the bench waits for Chromium's report of the name's paint. */
const VISIBLE_WAIT_MS = 3_000;

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

/** The function through which the probe reports its marks to the bench (Playwright's exposeBinding). */
const REPORT_BINDING = "__benchGuestMenuReport";

/** What the probe has seen so far of one load, as it reports it. */
interface ProbeMarks {
  taps: number;
  signInShown?: number;
  guestTapped?: number;
  nameMarked?: number;
  firstTap?: number;
  visible?: number;
  usable?: number;
}

/**
 * The probe's reports, awaited as they come: Playwright's in-page polling (waitForFunction) kept
 * the app's first API request from finishing under throttling, so the page calls out instead.
 */
class ProbeReports {
  latest: ProbeMarks = { taps: 0 };
  private waiters = new Set<() => void>();

  receive(marks: ProbeMarks): void {
    this.latest = marks;
    for (const wake of this.waiters) wake();
  }

  /** The marks once they satisfy `done`, or null after `timeoutMs`. */
  until(done: (marks: ProbeMarks) => boolean, timeoutMs: number): Promise<ProbeMarks | null> {
    return new Promise((resolve) => {
      const finish = (marks: ProbeMarks | null) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(marks);
      };
      const check = () => {
        if (done(this.latest)) finish(this.latest);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

/** The identifier the probe gives the first product's name for Element Timing. */
const NAME_TIMING_ID = "bench-first-product-name";

/**
 * What the guest's phone does, run inside the page before any of the app's scripts. It reads only
 * what every version of the menu has (the cards' data-testid and data-name, the toggle's
 * aria-expanded), so the same probe measures any commit:
 *
 * - a first visit accepts the terms and taps "continue as guest" the moment the sign-in popup can
 *   take it (a person would take a few seconds; those are not the app's);
 * - menu visible: the first product's name gets `elementtiming` the moment it is in the document,
 *   whether the server's HTML or the app's script put it there (a mutation observer runs before the
 *   next paint), and Chromium's Element Timing reports when its text was painted;
 * - menu usable: from the moment the first product's card can be tapped (visible, enabled, and the
 *   topmost element at its centre, so no popup covers it) it is tapped on every frame until the app
 *   reacts (its aria-expanded turns true), so a tap before the app has taken over the page (a
 *   server-rendered card React has not hydrated) counts for nothing. The time is when the reaction
 *   was seen, at the latest one frame after the tap that took effect, and not before the name was
 *   painted (the probe may tap a card in the frame before it is shown; a guest would not).
 *
 * Times are performance.now() and renderTime, i.e. milliseconds since the navigation started.
 */
// A string, not a function: tsx's transform would add helpers (__name) the page does not have.
const IN_PAGE_PROBE = `(() => {
  const marks = { taps: 0 };
  const report = () => window.${REPORT_BINDING}(JSON.stringify(marks));
  const TOGGLE = '[data-testid="menu-product-toggle"]';
  const tappable = (element) => {
    if (!(element instanceof HTMLElement) || element.disabled) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.top >= window.innerHeight || box.bottom <= 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  };
  const nameOf = (card) => {
    const wanted = (card.getAttribute("data-name") || "").trim();
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    let first = null;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.data.trim();
      if (!value) continue;
      if (value === wanted) return text.parentElement;
      if (first === null) first = text.parentElement;
    }
    return wanted ? null : first;
  };
  const reacted = () => document.querySelector(TOGGLE + '[aria-expanded="true"]') !== null;
  new MutationObserver(() => {
    if (marks.nameMarked === undefined) {
      const card = document.querySelector('[data-testid="menu-product"]');
      const name = card && nameOf(card);
      if (name) {
        name.setAttribute("elementtiming", "${NAME_TIMING_ID}");
        marks.nameMarked = performance.now();
      }
    }
    if (marks.firstTap !== undefined && marks.usable === undefined && reacted()) {
      marks.usable = performance.now();
      report();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-expanded"] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== "${NAME_TIMING_ID}") continue;
      const at = entry.renderTime || entry.loadTime;
      if (marks.visible === undefined || at < marks.visible) marks.visible = at;
      report();
    }
  }).observe({ type: "element", buffered: true });
  const tick = () => {
    const accept = document.querySelector('[data-testid="accept-terms"]');
    if (accept && marks.signInShown === undefined && tappable(accept)) {
      marks.signInShown = performance.now();
      report();
      accept.click();
    }
    const guest = document.querySelector('[data-testid="continue-as-guest"]');
    if (guest && marks.guestTapped === undefined && accept && accept.checked && tappable(guest)) {
      marks.guestTapped = performance.now();
      report();
      guest.click();
    }
    if (marks.firstTap !== undefined && marks.usable === undefined && reacted()) {
      marks.usable = performance.now();
      report();
    }
    if (marks.usable !== undefined) return;
    const toggle = document.querySelector(TOGGLE + ":not(:disabled)");
    if (tappable(toggle)) {
      if (marks.firstTap === undefined) marks.firstTap = performance.now();
      marks.taps += 1;
      toggle.click();
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

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
  /** The first product's name painted (Element Timing); NaN if Chromium reported none. */
  visibleMs: number;
  /** A tap on the first product took effect. */
  usableMs: number;
  /** Taps made before one took effect (1: the first tap worked). */
  taps: number;
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
    const reports = new ProbeReports();
    await context.exposeBinding(REPORT_BINDING, (_source, json: string) => reports.receive(JSON.parse(json)));
    if (token) await context.addInitScript(`localStorage.setItem("authenticationToken", ${JSON.stringify(token)});`);
    await context.addInitScript(IN_PAGE_PROBE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    page.on("requestfailed", (failed) => errors.push(`${failed.url()} failed: ${failed.failure()?.errorText}`));
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.url()} answered ${response.status()}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", FAST_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    const requests = new Map<string, { url: string; type: string; decoded: number }>();
    const sentAt = new Map<string, number>();
    const urls = new Map<string, string>();
    const downloads: (Omit<Download, "sentMs" | "finishedMs"> & { sentAt: number; finishedAt: number })[] = [];
    // CDP timestamps are seconds on a monotonic clock; the document's request marks the start.
    let documentSentAt: number | null = null;
    cdp.on("Network.requestWillBeSent", (event) => {
      if (documentSentAt === null && event.type === "Document") documentSentAt = event.timestamp;
      sentAt.set(event.requestId, event.timestamp);
      urls.set(event.requestId, event.request.url);
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
    const usableSeen = await reports.until((marks) => marks.usable !== undefined, USABLE_TIMEOUT_MS);
    if (!usableSeen) {
      const finished = new Set(downloads.map((d) => d.url));
      const pending = [...urls.values()].filter((url) => !finished.has(url));
      if (pending.length) errors.push(`still loading: ${pending.join(", ")}`);
      throw new Error(
        `the menu was not usable within ${USABLE_TIMEOUT_MS} ms (probe: ${JSON.stringify(reports.latest)})${errors.length ? `: ${errors.join("; ")}` : ""}`,
      );
    }
    const usable = usableSeen.usable ?? Number.NaN;
    // Chromium reports a paint once the frame is presented, which may be after the tap worked.
    await reports.until((marks) => marks.visible !== undefined, VISIBLE_WAIT_MS);
    const marks = reports.latest;
    const visible = marks.visible ?? Number.NaN;
    // What finished after the menu became usable (product images, say) is not counted.
    const start = documentSentAt ?? 0;
    return {
      signInShownMs: marks.signInShown ?? Number.NaN,
      guestTappedMs: marks.guestTapped ?? Number.NaN,
      visibleMs: visible,
      // A guest taps what they see: a tap that worked in the frame before the name was shown counts from the showing.
      usableMs: Number.isFinite(visible) ? Math.max(usable, visible) : usable,
      taps: usableSeen.taps,
      downloads: downloads
        .filter((d) => (d.finishedAt - start) * 1000 <= usable)
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
const percentile = (values: number[], p: number) => {
  const samples = new Samples();
  for (const v of values) if (Number.isFinite(v)) samples.add(v);
  return samples.percentile(p);
};
const median = (values: number[]) => percentile(values, 50);

/** What the phone loads the menu from: a commit's server serving its own web build, or a running server (--url). */
interface Side {
  label: string;
  subject: string;
  baseUrl: string;
  /** The web build it serves, when the bench built it. */
  webDist: string | null;
  /** The server the bench started, when it did. */
  server: ServerUnderTest | null;
  firstVisits: RunFigures[];
  returning: RunFigures[];
}

/** A commit's web app and server built by its own scripts, and its server started serving both. */
async function startSide(checkout: Checkout, log: (line: string) => void): Promise<Side> {
  const webDist = await buildWebOf(checkout, log);
  const serve = await buildServerOf(checkout, log);
  const server = await startCheckoutServer({ checkout: checkout.dir, serve, webDist, log });
  return {
    label: checkout.label,
    subject: checkout.subject,
    baseUrl: server.baseUrl,
    webDist,
    server,
    firstVisits: [],
    returning: [],
  };
}

const TIMES = ["visible", "usable"] as const;
const KINDS = [
  ["firstVisits", "first visit"],
  ["returning", "returning"],
] as const;

/** "1234 / 1500": median / p90 of one measure of one kind of guest. */
function cell(runs: RunFigures[], time: (typeof TIMES)[number]): number[] {
  const values = runs.map((run) => (time === "visible" ? run.visibleMs : run.usableMs));
  return [median(values), percentile(values, 90)];
}

const COLUMN_WIDTH = 20;
const fmtCell = ([p50, p90]: number[]) =>
  `${Number.isFinite(p50) ? p50.toFixed(0) : "n/a"} / ${Number.isFinite(p90) ? p90.toFixed(0) : "n/a"}`.padStart(COLUMN_WIDTH);
const fmtRatio = (a: number[], b: number[]) =>
  a
    .map((value, i) => (Number.isFinite(value) && Number.isFinite(b[i]) && b[i] > 0 ? (value / b[i]).toFixed(2) : "n/a"))
    .join(" / ")
    .padStart(COLUMN_WIDTH);

/**
 * A guest's load of the menu on a phone: a cold load of /service/customer/demo-1/menu in Chromium
 * with Fast 4G network and 4× CPU throttling, as a first visit (through the anonymous sign-in and
 * check-in) and as a returning guest (a token in storage), until the first product's name is
 * painted (visible) and a tap on it takes effect (usable). The page comes from the server itself,
 * serving its web build as production does, so HTML the server renders counts as it would. With
 * --compare <commit> the same runs go to that commit's server too, A, B, A, B…, so both see the
 * same machine load.
 */
export const guestMenu: Scenario = {
  name: "guest-menu",
  description: `a guest's cold load of ${ROUTE} in Chromium, Fast 4G + 4× CPU, first visit and returning: time until the first product's name is painted and a tap on it works (median, p90), JS/CSS bytes; --runs cold loads of each kind (default ${DEFAULT_RUNS}); --compare <commit> builds that commit in a temporary worktree and runs both interleaved, with ratios (rate and duration options do not apply)`,
  budgetSec: (options) => (options.compare ? 900 : 300) + (options.runs ?? DEFAULT_RUNS) * (options.compare ? 4 : 2) * 40,
  ownServers: "it builds each commit's web app and serves it from that commit's own server",
  async run({ servers, options, log, onAbort }: BenchContext): Promise<ScenarioResult> {
    const runs = options.runs ?? DEFAULT_RUNS;
    const attached = servers.find((server) => server.pid === null);
    if (attached && options.compare) throw new Error("--compare builds and starts both servers itself; it does not take --url");
    const loadBefore = loadAverage();
    const sides: Side[] = [];
    const checkouts: Checkout[] = [];
    const warnings: string[] = [];
    const cleanups: (() => void)[] = [];
    let browser: import("playwright-core").Browser | null = null;
    try {
      if (attached) {
        sides.push({
          label: attached.baseUrl,
          subject: "the running server given with --url, its own web build",
          baseUrl: attached.baseUrl,
          webDist: null,
          server: null,
          firstVisits: [],
          returning: [],
        });
      } else {
        checkouts.push(await currentCheckout());
        if (options.compare) {
          const compared = await temporaryCheckout(options.compare, log);
          checkouts.push(compared);
          cleanups.push(onAbort(compared.cleanup));
        }
        for (const checkout of checkouts) {
          const side = await startSide(checkout, log);
          sides.push(side);
          if (side.server) cleanups.push(onAbort(side.server.stop));
        }
      }
      browser = await chromium.launch({
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
      const describe = (figures: RunFigures) =>
        `visible ${figures.visibleMs.toFixed(0)} ms, usable ${figures.usableMs.toFixed(0)} ms (${figures.taps} tap${figures.taps === 1 ? "" : "s"})`;
      for (const side of sides) {
        for (let i = 0; i < WARMUP_RUNS; i++) log(`${side.label} warm-up: ${describe(await coldLoad(browser, side.baseUrl))}`);
      }
      // Interleaved, so a burst of load from elsewhere on the machine falls on both commits alike.
      for (let i = 0; i < runs; i++) {
        for (const [kind, name] of KINDS) {
          for (const side of sides) {
            let token: string | undefined;
            if (kind === "returning") {
              const http = new HttpClient(side.baseUrl);
              try {
                token = tokenOf(expectOk(await http.post("/api/authenticate-anonymous", {}), "guest sign-in"));
              } finally {
                http.close();
              }
            }
            const figures = await coldLoad(browser, side.baseUrl, token);
            side[kind].push(figures);
            log(`${side.label} ${name} ${i + 1}/${runs}: ${describe(figures)}`);
          }
        }
      }
    } finally {
      await browser?.close();
      for (const side of sides) {
        for (const line of side.server?.logProblems() ?? []) {
          warnings.push(`server ${side.label}: ${line.slice(0, 200)}`);
          log(`server ${side.label}: ${line.slice(0, 300)}`);
        }
        await side.server?.stop();
      }
      for (const checkout of checkouts) await checkout.cleanup();
      for (const unregister of cleanups) unregister();
    }

    const [current, compared] = sides;
    // The median first visit's requests in order: where the time to a usable menu goes.
    const typical = [...current.firstVisits].sort((a, b) => a.usableMs - b.usableMs)[Math.floor(current.firstVisits.length / 2)];
    log(
      `${current.label}, requests of the median first visit (sent → finished, ms after the document request; usable at ${typical.usableMs.toFixed(0)} ms):`,
    );
    for (const d of [...typical.downloads].sort((a, b) => a.sentMs - b.sentMs)) {
      const name = new URL(d.url).pathname.replace(/^\/assets\//, "");
      log(
        `  ${d.sentMs.toFixed(0).padStart(5)} → ${d.finishedMs.toFixed(0).padStart(5)}  ${(d.transferred / 1024).toFixed(1).padStart(6)} KB  ${name}`,
      );
    }

    const sum = (run: RunFigures, type: string, field: "transferred" | "decoded") =>
      run.downloads.filter((d) => d.type === type).reduce((total, d) => total + d[field], 0);
    const wire = (side: Side, type: string) => median(side.firstVisits.map((run) => sum(run, type, "transferred")));
    const firstRuns = current.firstVisits;
    const jsDecoded = median(firstRuns.map((run) => sum(run, "Script", "decoded")));
    const cssDecoded = median(firstRuns.map((run) => sum(run, "Stylesheet", "decoded")));
    const jsFiles = median(firstRuns.map((run) => run.downloads.filter((d) => d.type === "Script").length));
    const allWire = median(firstRuns.map((run) => run.downloads.reduce((total, d) => total + d.transferred, 0)));
    const requestsBeforeUsable = median(firstRuns.map((run) => run.downloads.length));
    const usable = firstRuns.map((run) => run.usableMs);
    const built = current.webDist ? builtSizes(current.webDist) : null;

    for (const side of sides) {
      const missing = [...side.firstVisits, ...side.returning].filter((run) => !Number.isFinite(run.visibleMs)).length;
      if (missing) warnings.push(`${side.label}: Chromium reported no paint of the first product's name in ${missing} loads`);
    }
    if (built && built.js > 150 * 1024) warnings.push(`JavaScript for the menu is ${kb(built.js)} gzip, over the 150 KB budget`);
    if (median(usable) > 2000)
      warnings.push(`the menu became usable after ${median(usable).toFixed(0)} ms (median), over the 2 s aim`);

    const header = KINDS.flatMap(([, name]) => TIMES.map((time) => `${name} ${time}`.padStart(COLUMN_WIDTH)));
    const labelWidth = Math.max(...sides.map((side) => side.label.length));
    const tableRows: [string, string][] = [
      ["", header.join("  ")],
      ...sides.map((side): [string, string] => [
        side.label.padEnd(labelWidth),
        KINDS.flatMap(([kind]) => TIMES.map((time) => fmtCell(cell(side[kind], time)))).join("  "),
      ]),
    ];
    if (compared) {
      tableRows.push([
        "ratio this / compared",
        KINDS.flatMap(([kind]) => TIMES.map((time) => fmtRatio(cell(current[kind], time), cell(compared[kind], time)))).join(
          "  ",
        ),
      ]);
    }
    // n/a: the menu was usable before any sign-in popup could be tapped (or none was shown).
    const signInRows = sides.map((side): [string, string] => {
      const shown = side.firstVisits.map((run) => run.signInShownMs);
      const afterTap = side.firstVisits.map((run) => run.usableMs - run.guestTappedMs);
      const taps = side.firstVisits.concat(side.returning).map((run) => run.taps);
      return [
        side.label,
        `sign-in popup usable ${ms(median(shown), 0)}, guest tap → menu usable ${ms(median(afterTap), 0)}; taps until one worked: median ${median(taps)}, most ${Math.max(...taps)}`,
      ];
    });

    return {
      title: `guest-menu · ${ROUTE} · Fast 4G (9/1.5 Mbps ×0.9, 165 ms) · CPU ×${CPU_SLOWDOWN} · ${runs} cold loads of each kind${compared ? " per commit, interleaved" : ""}`,
      sections: [
        {
          heading: `ms from navigation start, median / p90 (nearest rank) of ${runs} cold loads: visible = the first product's name painted (Element Timing), usable = a tap on it took effect`,
          rows: tableRows,
        },
        { heading: "commits", rows: sides.map((side): [string, string] => [side.label, side.subject]) },
        { heading: "first visit (median)", rows: signInRows },
        {
          heading: `downloaded until the menu is usable, first visit (median of the runs, as sent: brotli where the browser takes it)`,
          rows: [
            ...sides.map((side): [string, string] => [
              `JS / CSS ${side.label}`,
              `${kb(wire(side, "Script"))} / ${kb(wire(side, "Stylesheet"))} on the wire`,
            ]),
            [`JavaScript ${current.label}`, `${kb(jsDecoded)} decoded in ${jsFiles} files, CSS ${kb(cssDecoded)} decoded`],
            ["everything", `${kb(allWire)} on the wire in ${requestsBeforeUsable} requests (HTML, API, icons)`],
          ],
        },
        ...(built
          ? [
              {
                heading: `built files the route needs, ${current.label} (Vite manifest; gzip level 6, without HTTP headers)`,
                rows: [
                  ["JavaScript", `${kb(built.js)} gzip (${kb(built.jsRaw)} raw)`],
                  ["CSS", `${kb(built.css)} gzip (${kb(built.cssRaw)} raw)`],
                  ["files", built.files.map((file) => path.basename(file)).join(", ")],
                ] as [string, string][],
              },
            ]
          : []),
        {
          heading: "conditions",
          rows: [
            ["machine", describeMachine()],
            ["load average", `${loadBefore} before, ${loadAverage()} after (1, 5, 15 min)`],
            [
              "throttling",
              `Chromium network Fast 4G (${(FAST_4G.downloadThroughput / 125_000).toFixed(2)} / ${(FAST_4G.uploadThroughput / 125_000).toFixed(2)} Mbps, +${FAST_4G.latency} ms per request), CPU ×${CPU_SLOWDOWN}, cache disabled`,
            ],
            ["phone", `${PHONE.viewport.width}×${PHONE.viewport.height} at ×${PHONE.deviceScaleFactor}, touch, el-GR`],
          ],
        },
      ],
      warnings,
      data: {
        route: ROUTE,
        network: FAST_4G,
        cpuSlowdown: CPU_SLOWDOWN,
        sides: sides.map((side) => ({
          label: side.label,
          subject: side.subject,
          runs: KINDS.map(([kind]) => ({
            kind,
            loads: side[kind].map((run) => ({
              signInShownMs: run.signInShownMs,
              guestTappedMs: run.guestTappedMs,
              visibleMs: run.visibleMs,
              usableMs: run.usableMs,
              taps: run.taps,
              jsTransferred: sum(run, "Script", "transferred"),
              cssTransferred: sum(run, "Stylesheet", "transferred"),
            })),
          })),
        })),
        built,
      },
    };
  },
};

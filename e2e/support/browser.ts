import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Request } from "playwright-core";

/** Where the journeys leave their screenshots, to be looked at. */
export const SCREENSHOTS = "test-results/screenshots";
export const DESK = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;
/** The till: a small touch screen at the counter (1024×768). */
export const TILL = { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 } as const;
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } as const;
/** A desk screen turned upright (a tablet on a stand at the counter). */
export const TALL = { viewport: { width: 800, height: 1280 }, deviceScaleFactor: 1 } as const;

/** A screen the journeys use: its size, and whether it is a touch phone. */
export type Device = {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile?: boolean;
  hasTouch?: boolean;
  /** The phone's language, Greek unless a journey says otherwise. */
  locale?: string;
};

/** Debian's Chromium, headless, with a context per person (Greek unless told, Athens time). */
export class BrowserSession {
  private readonly contexts: BrowserContext[] = [];

  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<BrowserSession> {
    await mkdir(SCREENSHOTS, { recursive: true });
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    return new BrowserSession(browser);
  }

  async newPage(options: Device): Promise<Page> {
    const context = await this.browser.newContext({ locale: "el-GR", timezoneId: "Europe/Athens", ...options });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
    trackRequests(page);
    return page;
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => {});
    await this.browser.close();
  }
}

/** Each page's requests still on their way, and who waits for there to be none. */
const inFlight = new WeakMap<Page, { requests: Set<Request>; idle: Array<() => void> }>();

function trackRequests(page: Page): void {
  const state = { requests: new Set<Request>(), idle: [] as Array<() => void> };
  inFlight.set(page, state);
  const ended = (request: Request) => {
    state.requests.delete(request);
    if (state.requests.size === 0) for (const resolve of state.idle.splice(0)) resolve();
  };
  page.on("request", (request) => state.requests.add(request));
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
}

/** Resolves once none of the page's requests is on its way; fails naming them after 15 s. */
async function requestsEnded(page: Page): Promise<void> {
  const state = inFlight.get(page);
  if (!state || state.requests.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise<void>((resolve) => state.idle.push(resolve)),
    new Promise<void>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`still on their way: ${[...state.requests].map((r) => r.url()).join(", ")}`)),
        15_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Waits for the entry animations and transitions running now to end (endless spinners excepted). */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
      );
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Waits until the screen has settled: none of the page's requests still on its way (what it shows
 * has arrived), no animation still running, then two frames drawn. Without it the cash desk's
 * journey tapped "collect" after a screenshot while the screen was still changing and lost the
 * tap now and then (the quick-tap race is noted for the staff's busy-night issue); a fixed half
 * second before each screenshot hid that, at 0.5 s a picture.
 */
export async function settle(page: Page): Promise<void> {
  await requestsEnded(page);
  await animationsEnded(page);
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/**
 * A picture of a screen, to be looked at, once it has settled (above); `animations: "disabled"`
 * runs any transition started meanwhile to its end. `name` may hold a folder.
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const file = `${SCREENSHOTS}/${name}.png`;
  await mkdir(path.dirname(file), { recursive: true });
  await settle(page);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
}

/** Both orientations of a tablet's screen (1280×800 and 800×1280); the page is left landscape. */
export async function screenshotBothOrientations(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESK.viewport);
  await screenshot(page, `${name}-1280x800`);
  await page.setViewportSize(TALL.viewport);
  await screenshot(page, `${name}-800x1280`);
  await page.setViewportSize(DESK.viewport);
}

/** A locator's text with its white space folded, as a person reads it. */
/** Whether two elements' boxes on screen intersect (e.g. a toast over an action bar). */
export async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) return false;
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

/** Counts the taps of a journey, for screens that promise to take at most so many. */
export function tapCounter(): { tap: (target: Locator) => Promise<void>; readonly count: number } {
  let count = 0;
  return {
    tap: async (target) => {
      count += 1;
      await target.click();
    },
    get count() {
      return count;
    },
  };
}

export const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ");

/** Types into a field the way a person does: select all, then the keys. */
export async function type(field: Locator, value: string): Promise<void> {
  await field.click();
  await field.fill("");
  await field.pressSequentially(value);
}

export const toast = (page: Page, kind: "success" | "error" | "info", message: string) =>
  page.getByTestId(`toast-${kind}`).filter({ hasText: message }).first();

/** Signs a demo staff account in at an area's login and waits for its first screen. */
export async function signInStaff(page: Page, baseUrl: string, path: string, username: string, ready: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  await page.getByTestId(ready).waitFor();
}

/** Approves the one sale waiting at the sandbox card terminal, as the person holding it would. */
export async function approveAtTerminal(session: BrowserSession, baseUrl: string, screenshotName?: string): Promise<void> {
  await decideAtTerminal(session, baseUrl, "approve", screenshotName);
}

/** The card holder's answer to the oldest sale on the sandbox terminal's page. */
export async function decideAtTerminal(
  session: BrowserSession,
  baseUrl: string,
  decision: "approve" | "decline",
  screenshotName?: string,
): Promise<void> {
  const terminal = await session.newPage(PHONE);
  await terminal.goto(`${baseUrl}/sandbox/card-terminal`);
  await terminal.getByTestId("sandbox-terminal-sale").first().waitFor({ timeout: 15_000 });
  if (screenshotName) await screenshot(terminal, screenshotName);
  await terminal.getByTestId("sandbox-terminal-sale").first().getByTestId(`sandbox-terminal-${decision}`).click();
  await terminal.context().close();
}

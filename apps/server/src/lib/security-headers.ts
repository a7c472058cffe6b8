import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/** Sign-in providers' hosts the browser reaches, only when the provider is configured. */
const GOOGLE_SIGN_IN = {
  script: ["https://accounts.google.com/gsi/client"],
  style: ["https://accounts.google.com/gsi/style"],
  connect: ["https://accounts.google.com/gsi/"],
  frame: ["https://accounts.google.com/gsi/"],
};
const FACEBOOK_SIGN_IN = {
  script: ["https://connect.facebook.net"],
  style: [],
  connect: ["https://*.facebook.com"],
  frame: ["https://*.facebook.com"],
};

/**
 * The web app's Content-Security-Policy: its own scripts only (no inline script, no eval), and
 * what the screens really reach:
 * - connect-src `ws:`/`wss:`: the realtime feed is same-origin, but the kitchen's screens also
 *   open a WebSocket to the venue's print agent, whose address each venue configures (127.0.0.1,
 *   or any LAN address), which no host list can name. Plain fetches stay same-origin.
 * - style-src 'unsafe-inline': Mantine and the charts set styles at run time; styles run no code.
 * - img-src data: and blob:: icons in CSS, a picture previewed before upload, QR codes drawn.
 * Viva's checkout is a top-level redirect, which CSP does not restrict.
 * There is no upgrade-insecure-requests: it would turn the print agent's ws:// into wss://.
 */
export function webAppPolicy(config: Pick<Config, "google" | "facebook">): Record<string, string[]> {
  const providers = [config.google ? GOOGLE_SIGN_IN : null, config.facebook ? FACEBOOK_SIGN_IN : null].filter(
    (provider) => provider !== null,
  );
  const hostsFor = (kind: keyof typeof GOOGLE_SIGN_IN) => providers.flatMap((provider) => provider[kind]);
  const frames = hostsFor("frame");
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...hostsFor("script")],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'", ...hostsFor("style")],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "ws:", "wss:", ...hostsFor("connect")],
    "frame-src": frames.length ? frames : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** What an answer that is not a page (JSON, a picture, a file) may do if opened on its own: nothing. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The staff apps' service worker, at the site's root (apps/web builds it). */
export const SERVICE_WORKER_FILE = "sw.js";
/**
 * A service worker runs under the policy its own script came with: it fetches the app's files and
 * the API from its own origin, and nothing else.
 */
export const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/** Browser features no screen uses are switched off; the kitchen keeps its screen awake and full-screen. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), " +
  "screen-wake-lock=(self), fullscreen=(self)";

/** One year, as HSTS preload lists expect. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every answer (@fastify/helmet): the web app's policy on pages, a policy that
 * allows nothing on every other answer, no framing, no type sniffing, the origin alone as referrer.
 * HSTS only when the request came over HTTPS (directly, or by a trusted proxy's
 * X-Forwarded-Proto, see TRUST_PROXY): over plain HTTP a browser ignores it, and the embedded
 * default is often reached as http://<LAN address>.
 * A page that needs another policy (the API reference) sets its own after these.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: webAppPolicy(config) },
    // Google's and Facebook's sign-in popups answer their opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // Table codes are in the paths; other sites learn the origin only.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    if (request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (request.url.split("?")[0] === `/${SERVICE_WORKER_FILE}`) reply.header("Content-Security-Policy", SERVICE_WORKER_POLICY);
    else if (!type.startsWith("text/html")) reply.header("Content-Security-Policy", NON_PAGE_POLICY);
    return payload;
  });
}

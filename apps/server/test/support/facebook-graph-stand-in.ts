import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in Graph API on loopback that answers like Facebook's: debug_token needs the app token
// `{appId}|{appSecret}`, /me needs a valid user token and its appsecret_proof, and errors come in
// Graph's shape {"error":{"message","type","code","error_subcode","fbtrace_id"}} with HTTP 400.

export interface FacebookApp {
  id: string;
  secret: string;
}

export interface FacebookUser {
  id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  picture?: { data: { height: number; is_silhouette: boolean; url: string; width: number } };
}

export const APP: FacebookApp = { id: "1311457822311203", secret: "3f1a9c0d7e5b4a2c8d6f0e1b2a3c4d5e" };
export const OTHER_APP: FacebookApp = { id: "2048593311224455", secret: "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b" };
export const USER = {
  id: "10215241773831025",
  first_name: "Nikos",
  last_name: "Georgiou",
  email: "nikos@example.com",
  picture: {
    data: { height: 50, is_silhouette: false, url: "https://platform-lookaside.example/nikos.jpg", width: 50 },
  },
} satisfies FacebookUser;

/** A user access token as Graph knows it. */
export interface UserToken {
  app: FacebookApp;
  userId: string;
  /** Seconds since the epoch; 0 never expires. */
  expiresAt: number;
  /** What Graph says of validity when it disagrees with expiresAt (a clock ahead of Graph's). */
  isValid?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * The default token table, expiries relative to now: EAAvalid, EAAnoexpiry (never expires),
 * EAAotherapp (issued to OTHER_APP), EAAexpired, EAAstale (expired but Graph still calls it valid).
 */
export function defaultTokens(): Map<string, UserToken> {
  return new Map<string, UserToken>([
    ["EAAvalid", { app: APP, userId: USER.id, expiresAt: now() + 3600 }],
    ["EAAnoexpiry", { app: APP, userId: USER.id, expiresAt: 0 }],
    ["EAAotherapp", { app: OTHER_APP, userId: USER.id, expiresAt: now() + 3600 }],
    ["EAAexpired", { app: APP, userId: USER.id, expiresAt: now() - 60 }],
    ["EAAstale", { app: APP, userId: USER.id, expiresAt: now() - 60, isValid: true }],
  ]);
}

export interface FacebookGraphStandIn {
  /** The Graph base, e.g. http://127.0.0.1:PORT (versioned paths under it are served too). */
  url: string;
  /** The token table; add to it to make Graph know more tokens. */
  tokens: Map<string, UserToken>;
  /** Registers and returns a fresh token valid for an hour (default: the app's, for the first user). */
  issueToken(options?: { app?: FacebookApp; userId?: string }): string;
  close(): Promise<void>;
}

interface GraphAnswer {
  status: number;
  body: unknown;
}

function graphError(message: string, type: string, code: number, subcode?: number): GraphAnswer {
  return { status: 400, body: { error: { message, type, code, error_subcode: subcode, fbtrace_id: "AbCdEfGh123" } } };
}

/** Starts the Graph stand-in on a loopback port, for `app` and the given users and tokens. */
export async function startFacebookGraphStandIn(
  options: { app?: FacebookApp; users?: FacebookUser[]; tokens?: Map<string, UserToken> } = {},
): Promise<FacebookGraphStandIn> {
  const app = options.app ?? APP;
  const users = options.users ?? [USER];
  const tokens = options.tokens ?? defaultTokens();

  const isValid = (token: UserToken) => token.isValid ?? (token.expiresAt === 0 || token.expiresAt > now());

  function debugToken(query: URLSearchParams): GraphAnswer {
    if (query.get("access_token") !== `${app.id}|${app.secret}`) {
      return graphError("Invalid OAuth access token signature.", "OAuthException", 190);
    }
    const token = tokens.get(query.get("input_token") ?? "");
    if (token === undefined) {
      return graphError("Invalid OAuth access token - Cannot parse access token", "OAuthException", 190);
    }
    const valid = isValid(token);
    const data = {
      app_id: token.app.id,
      type: "USER",
      application: "Table order",
      data_access_expires_at: now() + 90 * 86_400,
      expires_at: token.expiresAt,
      is_valid: valid,
      scopes: ["email", "public_profile"],
      user_id: token.userId,
      ...(valid ? {} : { error: { code: 190, subcode: 463, message: "Session has expired." } }),
    };
    return { status: 200, body: { data } };
  }

  function me(query: URLSearchParams): GraphAnswer {
    const accessToken = query.get("access_token") ?? "";
    const token = tokens.get(accessToken);
    if (token === undefined || !isValid(token)) {
      return graphError("Error validating access token.", "OAuthException", 190, 463);
    }
    const proof = createHmac("sha256", token.app.secret).update(accessToken).digest("hex");
    if (query.get("appsecret_proof") !== proof) {
      return graphError("Invalid appsecret_proof provided in the API argument", "GraphMethodException", 100);
    }
    const user: Record<string, unknown> = { ...users.find((candidate) => candidate.id === token.userId), id: token.userId };
    const fields = (query.get("fields") ?? "id,name").split(",").filter((field) => field in user);
    return { status: 200, body: Object.fromEntries(fields.map((field) => [field, user[field]])) };
  }

  function route(req: IncomingMessage): GraphAnswer {
    const url = new URL(req.url ?? "/", "http://graph.local");
    const path = url.pathname.replace(/^\/v\d+\.\d+\//, "/"); // Graph serves versioned paths too
    if (req.method === "GET" && path === "/debug_token") return debugToken(url.searchParams);
    if (req.method === "GET" && path === "/me") return me(url.searchParams);
    return graphError("Unsupported get request.", "GraphMethodException", 100);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const { status, body } = route(req);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokens,
    issueToken({ app: tokenApp = app, userId = users[0]?.id ?? USER.id } = {}) {
      const token = `EAA${randomBytes(12).toString("hex")}`;
      tokens.set(token, { app: tokenApp, userId, expiresAt: now() + 3600 });
      return token;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

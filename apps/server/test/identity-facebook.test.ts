import { createHmac } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacebookVerifier, type FacebookConfig } from "../src/auth/identity/facebook.ts";
import { IdentityVerificationError } from "../src/auth/identity/identity-profile.ts";

// A stand-in Graph API on loopback that answers like Facebook's: debug_token needs the app token
// `{appId}|{appSecret}`, /me needs a valid user token and its appsecret_proof, and errors come in
// Graph's shape {"error":{"message","type","code","error_subcode","fbtrace_id"}} with HTTP 400.

const APP = { id: "1311457822311203", secret: "3f1a9c0d7e5b4a2c8d6f0e1b2a3c4d5e" };
const OTHER_APP = { id: "2048593311224455", secret: "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b" };
const USER = {
  id: "10215241773831025",
  first_name: "Nikos",
  last_name: "Georgiou",
  email: "nikos@example.com",
  picture: {
    data: { height: 50, is_silhouette: false, url: "https://platform-lookaside.example/nikos.jpg", width: 50 },
  },
};

interface UserToken {
  app: typeof APP;
  userId: string;
  /** Seconds since the epoch; 0 never expires. */
  expiresAt: number;
  /** What Graph says of validity when it disagrees with expiresAt (a clock ahead of Graph's). */
  isValid?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);
const TOKENS = new Map<string, UserToken>([
  ["EAAvalid", { app: APP, userId: USER.id, expiresAt: now() + 3600 }],
  ["EAAnoexpiry", { app: APP, userId: USER.id, expiresAt: 0 }],
  ["EAAotherapp", { app: OTHER_APP, userId: USER.id, expiresAt: now() + 3600 }],
  ["EAAexpired", { app: APP, userId: USER.id, expiresAt: now() - 60 }],
  ["EAAstale", { app: APP, userId: USER.id, expiresAt: now() - 60, isValid: true }],
]);

function isValid(token: UserToken): boolean {
  return token.isValid ?? (token.expiresAt === 0 || token.expiresAt > now());
}

interface GraphAnswer {
  status: number;
  body: unknown;
}

function graphError(message: string, type: string, code: number, subcode?: number): GraphAnswer {
  return { status: 400, body: { error: { message, type, code, error_subcode: subcode, fbtrace_id: "AbCdEfGh123" } } };
}

function debugToken(query: URLSearchParams): GraphAnswer {
  if (query.get("access_token") !== `${APP.id}|${APP.secret}`) {
    return graphError("Invalid OAuth access token signature.", "OAuthException", 190);
  }
  const token = TOKENS.get(query.get("input_token") ?? "");
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
  const token = TOKENS.get(accessToken);
  if (token === undefined || !isValid(token)) {
    return graphError("Error validating access token.", "OAuthException", 190, 463);
  }
  const proof = createHmac("sha256", token.app.secret).update(accessToken).digest("hex");
  if (query.get("appsecret_proof") !== proof) {
    return graphError("Invalid appsecret_proof provided in the API argument", "GraphMethodException", 100);
  }
  const user: Record<string, unknown> = { ...USER, id: token.userId };
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

let graphServer: Server;
let graphUrl: string;

beforeAll(async () => {
  graphServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    const { status, body } = route(req);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  });
  graphServer.listen(0, "127.0.0.1");
  await once(graphServer, "listening");
  graphUrl = `http://127.0.0.1:${(graphServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  graphServer.closeAllConnections();
  graphServer.close();
  await once(graphServer, "close");
});

function config(overrides: Partial<FacebookConfig> = {}): FacebookConfig {
  return { appId: APP.id, appSecret: APP.secret, graphUrl, ...overrides };
}

async function rejection(promise: Promise<unknown>): Promise<IdentityVerificationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IdentityVerificationError);
  return error as IdentityVerificationError;
}

describe("Facebook sign-in verification against a stand-in Graph API", () => {
  it("turns a valid user token into the guest's profile", async () => {
    const profile = await createFacebookVerifier(config()).verifyAccessToken("EAAvalid");
    expect(profile).toEqual({
      provider: "facebook",
      subject: USER.id,
      email: USER.email,
      emailVerified: false,
      givenName: USER.first_name,
      familyName: USER.last_name,
      pictureUrl: USER.picture.data.url,
      locale: null,
    });
  });

  it("calls a versioned Graph base when configured with one", async () => {
    const profile = await createFacebookVerifier(config({ graphUrl: `${graphUrl}/v21.0/` })).verifyAccessToken(
      "EAAvalid",
    );
    expect(profile.subject).toBe(USER.id);
  });

  it("accepts a token that never expires (expires_at 0)", async () => {
    const profile = await createFacebookVerifier(config()).verifyAccessToken("EAAnoexpiry");
    expect(profile.subject).toBe(USER.id);
  });

  it("refuses an invalid token without echoing it or the app secret", async () => {
    const error = await rejection(createFacebookVerifier(config()).verifyAccessToken("EAAforged"));
    expect(error.message).toMatch(/debug_token: HTTP 400 OAuthException code 190/);
    expect(error.message).not.toContain("EAAforged");
    expect(error.message).not.toContain(APP.secret);
  });

  it("refuses a token issued to another app", async () => {
    const error = await rejection(createFacebookVerifier(config()).verifyAccessToken("EAAotherapp"));
    expect(error.message).toMatch(/issued to another app/);
  });

  it("refuses an expired token", async () => {
    const error = await rejection(createFacebookVerifier(config()).verifyAccessToken("EAAexpired"));
    expect(error.message).toMatch(/token is not valid/);
  });

  it("refuses a token past its expires_at even when Graph still calls it valid", async () => {
    const error = await rejection(createFacebookVerifier(config()).verifyAccessToken("EAAstale"));
    expect(error.message).toMatch(/token has expired/);
  });

  it("refuses the app's wrong secret at debug_token", async () => {
    const error = await rejection(
      createFacebookVerifier(config({ appSecret: "0000wrong0000" })).verifyAccessToken("EAAvalid"),
    );
    expect(error.message).toMatch(/debug_token: HTTP 400 OAuthException code 190/);
  });

  it("sends an appsecret_proof the Graph accepts, where a wrong one is refused", async () => {
    const wrongProof = createHmac("sha256", "not-the-app-secret").update("EAAvalid").digest("hex");
    const query = new URLSearchParams({ fields: "id", access_token: "EAAvalid", appsecret_proof: wrongProof });
    const response = await fetch(`${graphUrl}/me?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "GraphMethodException", code: 100 } });

    // The verifier's own /me call carries the proof computed from the app secret, and succeeds.
    await expect(createFacebookVerifier(config()).verifyAccessToken("EAAvalid")).resolves.toMatchObject({
      subject: USER.id,
    });
  });

  it("reports an unreachable Graph API as a verification failure", async () => {
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, "close");

    const verifier = createFacebookVerifier(config({ graphUrl: `http://127.0.0.1:${port}` }));
    const error = await rejection(verifier.verifyAccessToken("EAAvalid"));
    expect(error.message).toMatch(/debug_token: network error/);
  });
});

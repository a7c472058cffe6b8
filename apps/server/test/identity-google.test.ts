import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleVerifier, type GoogleConfig } from "../src/auth/identity/google.ts";
import { IdentityVerificationError } from "../src/auth/identity/identity-profile.ts";

// A real OpenID Connect provider (oidc-provider) on loopback stands in for Google. Codes are
// obtained the way a browser would: follow the authorization redirects, carrying cookies, through
// a minimal interaction handler that signs the guest in and grants consent without a page.

const GUEST = {
  sub: "guest-1",
  email: "maria@example.com",
  email_verified: true,
  given_name: "Maria",
  family_name: "Papadopoulou",
  picture: "https://images.example.com/maria.png",
  locale: "el",
};
const CLIENT = { client_id: "tableorder-web", client_secret: "tableorder-secret" };
const OTHER_CLIENT = { client_id: "another-app", client_secret: "another-secret" };
const SCOPE = "openid email profile";

let idpServer: Server;
let issuer: string;
let redirectUri: string;
let signingKey: CryptoKey;

beforeAll(async () => {
  idpServer = createServer();
  idpServer.listen(0, "127.0.0.1");
  await once(idpServer, "listening");
  issuer = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}`;
  // oidc-provider refuses Google's "postmessage" (not a URI), hence GoogleConfig.redirectUri.
  redirectUri = `${issuer}/callback`;

  signingKey = (await generateKeyPair("RS256", { extractable: true })).privateKey;
  const provider = new Provider(issuer, {
    clients: [CLIENT, OTHER_CLIENT].map((client) => ({
      ...client,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [{ ...(await exportJWK(signingKey)), kid: "test-key", alg: "RS256", use: "sig" }] },
    cookies: { keys: ["identity-google-test-cookie-key"] },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Grant: 600, Interaction: 600, Session: 600 },
    // Like Google, put the scope's claims in the ID token rather than only behind userinfo.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture", "locale"],
    },
    async findAccount(_ctx: unknown, accountId: string) {
      return accountId === GUEST.sub ? { accountId, claims: async () => GUEST } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });

  async function signInAndConsent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { params } = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: GUEST.sub, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: GUEST.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const oidcCallback = provider.callback();
  idpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith("/interaction/")) return oidcCallback(req, res);
    signInAndConsent(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
});

afterAll(async () => {
  idpServer.closeAllConnections();
  idpServer.close();
  await once(idpServer, "close");
});

function configFor(client: typeof CLIENT, overrides: Partial<GoogleConfig> = {}): GoogleConfig {
  return {
    clientId: client.client_id,
    clientSecret: client.client_secret,
    tokenUrl: `${issuer}/token`,
    issuer,
    jwksUrl: `${issuer}/jwks`,
    redirectUri,
    ...overrides,
  };
}

/** Walks the authorization code flow as the browser would and returns the code. */
async function obtainCode(clientId: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    scope: SCOPE,
    redirect_uri: redirectUri,
    state: "state-1",
  }).toString();

  for (let hop = 0; hop < 10; hop += 1) {
    if (url.href.startsWith(redirectUri)) {
      const code = url.searchParams.get("code");
      if (code === null) throw new Error(`no code in the redirect: ${url.search}`);
      return code;
    }
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, { redirect: "manual", headers: { cookie: cookieHeader } });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ""] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get("location");
    if (location === null) throw new Error(`expected a redirect from ${url.pathname}, got ${response.status}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects");
}

/** Redeems a code directly, as its own client, to get an ID token issued to that client. */
async function redeemAs(client: typeof CLIENT, code: string): Promise<string> {
  const response = await fetch(`${issuer}/token`, {
    method: "POST",
    body: new URLSearchParams({ ...client, code, redirect_uri: redirectUri, grant_type: "authorization_code" }),
  });
  const body = (await response.json()) as { id_token?: string };
  if (body.id_token === undefined) throw new Error(`token endpoint said ${response.status}`);
  return body.id_token;
}

/** Runs `use` against a token endpoint that answers every request with the given ID token. */
async function withTokenEndpoint(idToken: string, use: (tokenUrl: string) => Promise<void>): Promise<void> {
  const tokenServer = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ access_token: "opaque", token_type: "Bearer", id_token: idToken }));
  });
  tokenServer.listen(0, "127.0.0.1");
  await once(tokenServer, "listening");
  try {
    await use(`http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`);
  } finally {
    tokenServer.close();
  }
}

/** An ID token signed with the provider's own key, for claims the provider would not issue. */
function signIdToken(claims: { iss: string; aud: string; iat: number; exp: number }): Promise<string> {
  return new SignJWT({ sub: GUEST.sub, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .sign(signingKey);
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return `http://127.0.0.1:${port}/token`;
}

describe("Google sign-in verification against a real OpenID Connect provider", () => {
  it("turns a valid authorization code into the guest's profile", async () => {
    const verifier = createGoogleVerifier(configFor(CLIENT));
    const profile = await verifier.verifyAuthorizationCode(await obtainCode(CLIENT.client_id));
    expect(profile).toEqual({
      provider: "google",
      subject: GUEST.sub,
      email: GUEST.email,
      emailVerified: true,
      givenName: GUEST.given_name,
      familyName: GUEST.family_name,
      pictureUrl: GUEST.picture,
      locale: GUEST.locale,
    });
  });

  it("refuses a code that was already redeemed", async () => {
    const verifier = createGoogleVerifier(configFor(CLIENT));
    const code = await obtainCode(CLIENT.client_id);
    await verifier.verifyAuthorizationCode(code);
    const reuse = verifier.verifyAuthorizationCode(code);
    await expect(reuse).rejects.toBeInstanceOf(IdentityVerificationError);
    await expect(reuse).rejects.toThrow(/invalid_grant/);
  });

  it("refuses a code issued to another client", async () => {
    const verifier = createGoogleVerifier(configFor(CLIENT));
    const attempt = verifier.verifyAuthorizationCode(await obtainCode(OTHER_CLIENT.client_id));
    await expect(attempt).rejects.toBeInstanceOf(IdentityVerificationError);
    await expect(attempt).rejects.toThrow(/invalid_grant/);
  });

  it("refuses an ID token whose audience is another client", async () => {
    // A token endpoint that answers with a genuine ID token minted for the other client.
    const foreignIdToken = await redeemAs(OTHER_CLIENT, await obtainCode(OTHER_CLIENT.client_id));
    await withTokenEndpoint(foreignIdToken, async (tokenUrl) => {
      const attempt = createGoogleVerifier(configFor(CLIENT, { tokenUrl })).verifyAuthorizationCode("any-code");
      await expect(attempt).rejects.toBeInstanceOf(IdentityVerificationError);
      await expect(attempt).rejects.toThrow(/"aud" claim/);
    });
  });

  it("refuses an expired ID token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signIdToken({ iss: issuer, aud: CLIENT.client_id, iat: now - 7200, exp: now - 3600 });
    await withTokenEndpoint(expired, async (tokenUrl) => {
      const attempt = createGoogleVerifier(configFor(CLIENT, { tokenUrl })).verifyAuthorizationCode("any-code");
      await expect(attempt).rejects.toBeInstanceOf(IdentityVerificationError);
      await expect(attempt).rejects.toThrow(/"exp" claim/);
    });
  });

  it("accepts Google's bare issuer form only when the configured issuer is Google's", async () => {
    const now = Math.floor(Date.now() / 1000);
    const bare = await signIdToken({ iss: "accounts.google.com", aud: CLIENT.client_id, iat: now, exp: now + 3600 });
    await withTokenEndpoint(bare, async (tokenUrl) => {
      const asGoogle = createGoogleVerifier(configFor(CLIENT, { tokenUrl, issuer: "https://accounts.google.com" }));
      await expect(asGoogle.verifyAuthorizationCode("any-code")).resolves.toMatchObject({ subject: GUEST.sub });
      const asLocal = createGoogleVerifier(configFor(CLIENT, { tokenUrl }));
      await expect(asLocal.verifyAuthorizationCode("any-code")).rejects.toThrow(/"iss" claim/);
    });
  });

  it("refuses an ID token from an issuer other than the configured one", async () => {
    const verifier = createGoogleVerifier(configFor(CLIENT, { issuer: "https://accounts.google.com" }));
    const attempt = verifier.verifyAuthorizationCode(await obtainCode(CLIENT.client_id));
    await expect(attempt).rejects.toBeInstanceOf(IdentityVerificationError);
    await expect(attempt).rejects.toThrow(/"iss" claim/);
  });

  it("reports an unreachable token endpoint as a verification failure", async () => {
    const verifier = createGoogleVerifier(configFor(CLIENT, { tokenUrl: await closedPortUrl() }));
    const attempt = verifier.verifyAuthorizationCode("any-code");
    await expect(attempt).rejects.toBeInstanceOf(IdentityVerificationError);
    await expect(attempt).rejects.toThrow(/token exchange: network error/);
  });

  it("never puts the client secret or the code in its error messages", async () => {
    const verifier = createGoogleVerifier(configFor(CLIENT, { clientSecret: "wrong-secret-value" }));
    const code = await obtainCode(CLIENT.client_id);
    const error = await verifier.verifyAuthorizationCode(code).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdentityVerificationError);
    expect(String(error)).not.toContain("wrong-secret-value");
    expect(String(error)).not.toContain(code);
  });
});

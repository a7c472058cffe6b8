import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleVerifier, type GoogleConfig } from "../src/auth/identity/google.ts";
import { IdentityVerificationError } from "../src/auth/identity/identity-profile.ts";
import {
  CLIENT,
  GUEST,
  type OidcClient,
  type OidcProviderStandIn,
  OTHER_CLIENT,
  SIGNING_KID,
  startOidcProviderStandIn,
} from "./support/oidc-provider-stand-in.ts";

// A real OpenID Connect provider (oidc-provider) on loopback stands in for Google; codes are
// obtained non-interactively, as a browser would (see support/oidc-provider-stand-in.ts).

let idp: OidcProviderStandIn;
let issuer: string;
let redirectUri: string;

beforeAll(async () => {
  idp = await startOidcProviderStandIn();
  issuer = idp.issuer;
  redirectUri = idp.redirectUri;
});

afterAll(async () => {
  await idp?.close();
});

function configFor(client: OidcClient, overrides: Partial<GoogleConfig> = {}): GoogleConfig {
  return {
    clientId: client.client_id,
    clientSecret: client.client_secret,
    tokenUrl: idp.tokenUrl,
    issuer,
    jwksUrl: idp.jwksUrl,
    redirectUri,
    ...overrides,
  };
}

const obtainCode = (clientId: string) => idp.obtainCode(clientId);

/** Redeems a code directly, as its own client, to get an ID token issued to that client. */
async function redeemAs(client: OidcClient, code: string): Promise<string> {
  const response = await fetch(idp.tokenUrl, {
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
  return new SignJWT({ sub: GUEST.sub, ...claims }).setProtectedHeader({ alg: "RS256", kid: SIGNING_KID }).sign(idp.signingKey);
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

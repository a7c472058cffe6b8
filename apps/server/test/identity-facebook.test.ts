import { createHmac } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacebookVerifier, type FacebookConfig } from "../src/auth/identity/facebook.ts";
import { IdentityVerificationError } from "../src/auth/identity/identity-profile.ts";
import { APP, type FacebookGraphStandIn, startFacebookGraphStandIn, USER } from "./support/facebook-graph-stand-in.ts";

// A stand-in Graph API on loopback that answers like Facebook's, with its table of user tokens
// (see support/facebook-graph-stand-in.ts).

let graph: FacebookGraphStandIn;
let graphUrl: string;

beforeAll(async () => {
  graph = await startFacebookGraphStandIn();
  graphUrl = graph.url;
});

afterAll(async () => {
  await graph?.close();
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
    const profile = await createFacebookVerifier(config({ graphUrl: `${graphUrl}/v21.0/` })).verifyAccessToken("EAAvalid");
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
    const error = await rejection(createFacebookVerifier(config({ appSecret: "0000wrong0000" })).verifyAccessToken("EAAvalid"));
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

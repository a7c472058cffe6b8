import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.ts";
import { APP, type FacebookGraphStandIn, startFacebookGraphStandIn, USER } from "./support/facebook-graph-stand-in.ts";
import { apiClient } from "./support/http.ts";
import {
  CLIENT,
  ENGLISH_GUEST,
  GUEST,
  type OidcProviderStandIn,
  OTHER_CLIENT,
  startOidcProviderStandIn,
} from "./support/oidc-provider-stand-in.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

// Guests' Google and Facebook sign-in through the real app over HTTP, with the app configured
// (from env, as in production) to talk to a real OpenID Connect provider and a Graph stand-in.

let idp: OidcProviderStandIn;
let graph: FacebookGraphStandIn;
let server: TestServer;
let bare: TestServer;
let api: ReturnType<typeof apiClient>;
let bareApi: ReturnType<typeof apiClient>;

beforeAll(async () => {
  [idp, graph] = await Promise.all([startOidcProviderStandIn(), startFacebookGraphStandIn()]);
  server = await startTestServer({
    env: {
      GOOGLE_CLIENT_ID: CLIENT.client_id,
      GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
      GOOGLE_TOKEN_URL: idp.tokenUrl,
      GOOGLE_ISSUER: idp.issuer,
      GOOGLE_JWKS_URL: idp.jwksUrl,
      GOOGLE_REDIRECT_URI: idp.redirectUri,
      FACEBOOK_APP_ID: APP.id,
      FACEBOOK_APP_SECRET: APP.secret,
      FACEBOOK_GRAPH_URL: graph.url,
    },
  });
  bare = await startTestServer();
  api = apiClient(server.baseUrl);
  bareApi = apiClient(bare.baseUrl);
});

afterAll(async () => {
  await Promise.all([server?.close(), bare?.close(), idp?.close(), graph?.close()]);
});

type Api = ReturnType<typeof apiClient>;

/**
 * Signs in and returns the bearer token, checking the answer's header and body agree and that the
 * body's account is the one GET api/account answers for that token.
 */
async function signIn(path: string, body: unknown, client: Api = api): Promise<string> {
  const response = await client.post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const header = response.headers.get("authorization");
  expect(header).toMatch(/^Bearer \S+$/);
  const token = String(header).replace(/^Bearer /, "");
  const own = await client.get("/api/account", token);
  expect(own.status).toBe(200);
  expect(response.body).toEqual({ id_token: token, account: own.body });
  return token;
}

const googleSignIn = async (accountId = GUEST.sub) =>
  signIn("/api/authenticate-google", { authorizationCode: await idp.obtainCode(CLIENT.client_id, { accountId }) });
const facebookSignIn = (accessToken: string) => signIn("/api/authenticate-facebook", { idToken: accessToken });

async function account(token: string) {
  const response = await api.get("/api/account", token);
  expect(response.status).toBe(200);
  return response.body;
}

async function accountsFor(provider: "google" | "facebook", subject: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityProvider, provider), eq(users.identitySubject, subject)));
  return rows.length;
}

/** A refused sign-in: 401 with the one verification-failed message, whatever the cause. */
function expectVerificationFailed(response: { status: number; body: unknown }): void {
  expect(response.status).not.toBe(500);
  expect(response.status).toBe(401);
  expect(response.body).toMatchObject({ message: "error.identity_verification_failed", status: 401 });
}

describe("Google sign-in through the app", () => {
  it("turns a real authorization code into a signed-in guest account with the provider's profile", async () => {
    const token = await googleSignIn();
    expect(await account(token)).toMatchObject({
      login: `google-${GUEST.sub}`,
      authorities: ["ROLE_USER"],
      anonymous: false,
      firstName: GUEST.given_name,
      lastName: GUEST.family_name,
      email: GUEST.email,
      imageUrl: GUEST.picture,
      langKey: "el",
      retailerId: null,
      preparationAreaId: null,
    });
  });

  it("takes the account's language from the provider's locale", async () => {
    const english = await account(await googleSignIn(ENGLISH_GUEST.sub));
    expect(english).toMatchObject({ firstName: ENGLISH_GUEST.given_name, email: ENGLISH_GUEST.email, langKey: "en" });
  });

  it("signs the same subject into the same account with a new code, without a duplicate", async () => {
    const first = await account(await googleSignIn());
    const second = await account(await googleSignIn());
    expect(second.id).toBe(first.id);
    expect(await accountsFor("google", GUEST.sub)).toBe(1);
  });

  it("refuses a made-up code with 401 identity_verification_failed", async () => {
    expectVerificationFailed(await api.post("/api/authenticate-google", { authorizationCode: "not-a-real-code" }));
  });

  it("refuses a code that was already redeemed", async () => {
    const code = await idp.obtainCode(CLIENT.client_id);
    expect((await api.post("/api/authenticate-google", { authorizationCode: code })).status).toBe(200);
    expectVerificationFailed(await api.post("/api/authenticate-google", { authorizationCode: code }));
  });

  it("refuses a code issued to another client", async () => {
    const code = await idp.obtainCode(OTHER_CLIENT.client_id);
    expectVerificationFailed(await api.post("/api/authenticate-google", { authorizationCode: code }));
  });

  it("answers a missing authorizationCode with 400 and field errors, without asking the provider", async () => {
    const response = await api.post("/api/authenticate-google", {});
    expect(response.status).toBe(400);
    expect(response.headers.get("x-app-error")).toBe("error.validation");
    expect(response.body.message).toBe("error.validation");
    expect(response.body.fieldErrors).toEqual([{ objectName: "body", field: "authorizationCode", message: "NotNull" }]);
  });

  it("answers an empty authorizationCode with 400 and a Size field error", async () => {
    const response = await api.post("/api/authenticate-google", { authorizationCode: "" });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual([{ objectName: "body", field: "authorizationCode", message: "Size" }]);
  });
});

describe("Facebook sign-in through the app", () => {
  it("turns a valid user token into a signed-in guest account with the Graph profile", async () => {
    const token = await facebookSignIn(graph.issueToken());
    expect(await account(token)).toMatchObject({
      login: `facebook-${USER.id}`,
      authorities: ["ROLE_USER"],
      anonymous: false,
      firstName: USER.first_name,
      lastName: USER.last_name,
      email: USER.email,
      imageUrl: USER.picture.data.url,
      // Graph gives no locale, so the default language.
      langKey: "el",
    });
  });

  it("signs the same user into the same account with a new token, without a duplicate", async () => {
    const first = await account(await facebookSignIn(graph.issueToken()));
    const second = await account(await facebookSignIn(graph.issueToken()));
    expect(second.id).toBe(first.id);
    expect(await accountsFor("facebook", USER.id)).toBe(1);
  });

  it("refuses unknown, expired and other-app tokens with 401 identity_verification_failed", async () => {
    for (const idToken of ["EAAforged", "EAAexpired", "EAAotherapp"]) {
      expectVerificationFailed(await api.post("/api/authenticate-facebook", { idToken }));
    }
  });

  it("answers a missing idToken with 400 and field errors", async () => {
    const response = await api.post("/api/authenticate-facebook", {});
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual([{ objectName: "body", field: "idToken", message: "NotNull" }]);
  });
});

describe("identity provider configuration", () => {
  it("publishes the configured client and app ids in /management/info", async () => {
    const info = await api.get("/management/info");
    expect(info.status).toBe(200);
    expect(info.body.identityProviders).toEqual({ googleClientId: CLIENT.client_id, facebookAppId: APP.id });
  });

  it("publishes null ids on a server without provider configuration", async () => {
    const info = await bareApi.get("/management/info");
    expect(info.status).toBe(200);
    expect(info.body.identityProviders).toEqual({ googleClientId: null, facebookAppId: null });
  });

  it("answers both sign-ins with 400 identity_provider_not_configured on a server without configuration", async () => {
    const google = await bareApi.post("/api/authenticate-google", { authorizationCode: await idp.obtainCode(CLIENT.client_id) });
    const facebook = await bareApi.post("/api/authenticate-facebook", { idToken: graph.issueToken() });
    for (const [response, provider] of [
      [google, "google"],
      [facebook, "facebook"],
    ] as const) {
      expect(response.status).toBe(400);
      expect(response.headers.get("x-app-error")).toBe("error.identity_provider_not_configured");
      expect(response.headers.get("authorization")).toBeNull();
      expect(response.body).toMatchObject({ message: "error.identity_provider_not_configured", params: { provider } });
    }
  });
});

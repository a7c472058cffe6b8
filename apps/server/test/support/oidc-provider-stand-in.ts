import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

// A real OpenID Connect provider (oidc-provider) on loopback stands in for Google. Codes are
// obtained the way a browser would: follow the authorization redirects, carrying cookies, through
// a minimal interaction handler that signs the requested account in and grants consent without a
// page. The account is the one named by the request's login_hint, else the first account.

/** The claims an account carries; `sub` is its stable id. */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
}

export interface OidcClient {
  client_id: string;
  client_secret: string;
}

/** A Greek-speaking guest with a verified email. */
export const GUEST: Required<OidcAccount> = {
  sub: "guest-1",
  email: "maria@example.com",
  email_verified: true,
  given_name: "Maria",
  family_name: "Papadopoulou",
  picture: "https://images.example.com/maria.png",
  locale: "el",
};
/** An English-speaking guest (British locale). */
export const ENGLISH_GUEST: Required<OidcAccount> = {
  sub: "guest-2",
  email: "john@example.com",
  email_verified: true,
  given_name: "John",
  family_name: "Smith",
  picture: "https://images.example.com/john.png",
  locale: "en-GB",
};
export const CLIENT: OidcClient = { client_id: "tableorder-web", client_secret: "tableorder-secret" };
export const OTHER_CLIENT: OidcClient = { client_id: "another-app", client_secret: "another-secret" };
export const SCOPE = "openid email profile";
/** The kid under which the provider publishes its signing key. */
export const SIGNING_KID = "test-key";

export interface OidcProviderStandIn {
  /** e.g. http://127.0.0.1:PORT; also the `iss` of its ID tokens. */
  issuer: string;
  tokenUrl: string;
  jwksUrl: string;
  /** The one redirect URI registered for every client (oidc-provider refuses Google's "postmessage"). */
  redirectUri: string;
  /** The provider's private signing key (published under SIGNING_KID), for hand-made ID tokens. */
  signingKey: CryptoKey;
  /** A fresh authorization code for the client, obtained non-interactively. */
  obtainCode(clientId: string, options?: { accountId?: string; scope?: string }): Promise<string>;
  close(): Promise<void>;
}

/** Starts a real OpenID Connect provider on a loopback port with the given clients and accounts. */
export async function startOidcProviderStandIn(
  options: { clients?: OidcClient[]; accounts?: OidcAccount[] } = {},
): Promise<OidcProviderStandIn> {
  const clients = options.clients ?? [CLIENT, OTHER_CLIENT];
  const accounts = options.accounts ?? [GUEST, ENGLISH_GUEST];
  const defaultAccount = accounts[0];
  if (defaultAccount === undefined) throw new Error("the OpenID Connect stand-in needs at least one account");

  const server: Server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirectUri = `${issuer}/callback`;

  const signingKey = (await generateKeyPair("RS256", { extractable: true })).privateKey;
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      ...client,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [{ ...(await exportJWK(signingKey)), kid: SIGNING_KID, alg: "RS256", use: "sig" }] },
    cookies: { keys: ["oidc-provider-stand-in-cookie-key"] },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Grant: 600, Interaction: 600, Session: 600 },
    // Like Google, put the scope's claims in the ID token rather than only behind userinfo.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture", "locale"],
    },
    async findAccount(_ctx: unknown, accountId: string) {
      const account = accounts.find((candidate) => candidate.sub === accountId);
      return account === undefined ? undefined : { accountId, claims: async () => ({ ...account }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });

  async function signInAndConsent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { params } = await provider.interactionDetails(req, res);
    const hint = typeof params.login_hint === "string" ? params.login_hint : undefined;
    const account = hint === undefined ? defaultAccount : accounts.find((candidate) => candidate.sub === hint);
    if (account === undefined) throw new Error(`no account ${hint}`);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const oidcCallback = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith("/interaction/")) return oidcCallback(req, res);
    signInAndConsent(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    redirectUri,
    signingKey,
    obtainCode: (clientId, codeOptions = {}) => obtainAuthorizationCode({ issuer, redirectUri, clientId, ...codeOptions }),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

/**
 * Walks the authorization code flow as the browser would (following redirects and carrying
 * cookies, with a fresh cookie jar so every call starts a new session) and returns the code.
 */
export async function obtainAuthorizationCode(options: {
  issuer: string;
  redirectUri: string;
  clientId: string;
  accountId?: string;
  scope?: string;
}): Promise<string> {
  const cookies = new Map<string, string>();
  let url = new URL(`${options.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: "code",
    scope: options.scope ?? SCOPE,
    redirect_uri: options.redirectUri,
    state: "state-1",
    ...(options.accountId === undefined ? {} : { login_hint: options.accountId }),
  }).toString();

  for (let hop = 0; hop < 10; hop += 1) {
    if (url.href.startsWith(options.redirectUri)) {
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

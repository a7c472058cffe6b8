import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { type IdentityProfile, IdentityVerificationError } from "./identity-profile.ts";
import { fetchProviderJson, isRecord, optionalString, PROVIDER_TIMEOUT_MS } from "./provider-http.ts";

/** Where and as whom the server talks to Google (or, in tests, a local OpenID Connect provider). */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  issuer: string;
  jwksUrl: string;
  /**
   * Sent as `redirect_uri` when redeeming the code. Google Identity Services' popup code client
   * expects "postmessage" (the default); tests set a registered URL since standard providers
   * only accept real URIs.
   */
  redirectUri?: string;
}

/** Google's production endpoints; spread them under the client id and secret. */
export const GOOGLE_DEFAULTS = {
  tokenUrl: "https://oauth2.googleapis.com/token",
  issuer: "https://accounts.google.com",
  jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
  redirectUri: "postmessage",
} as const;

// Google's ID tokens carry either form of its issuer (developers.google.com/identity/openid-connect).
const GOOGLE_BARE_ISSUER = "accounts.google.com";

/** Verifies the authorization code the browser got from Google Identity Services' popup. */
export interface GoogleVerifier {
  verifyAuthorizationCode(code: string): Promise<IdentityProfile>;
}

/**
 * Turns the authorization code the browser got from Google's popup into a verified profile:
 * the code is redeemed server side with the client secret, and the ID token that comes back is
 * checked (signature against the provider's keys, issuer, audience, expiry) before any claim is
 * trusted. The key set is fetched lazily and cached for the verifier's life.
 */
export function createGoogleVerifier(config: GoogleConfig): GoogleVerifier {
  // Parsed here so a misconfigured URL fails at startup rather than at a guest's sign-in.
  const tokenUrl = new URL(config.tokenUrl);
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  const issuers = config.issuer === GOOGLE_DEFAULTS.issuer ? [config.issuer, GOOGLE_BARE_ISSUER] : [config.issuer];

  async function redeemCode(code: string): Promise<string> {
    const form = new URLSearchParams({
      code,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      redirect_uri: config.redirectUri ?? GOOGLE_DEFAULTS.redirectUri,
      grant_type: "authorization_code",
    });
    const answer = await fetchProviderJson("google", "token exchange", tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form,
    });
    if (!isRecord(answer.body)) {
      throw new IdentityVerificationError("google", `token exchange: HTTP ${answer.status}, unexpected answer`);
    }
    if (!answer.ok) {
      // OAuth error codes (invalid_grant, invalid_client …) name the cause and hold no secret.
      const oauthError = optionalString(answer.body, "error") ?? "unknown error";
      throw new IdentityVerificationError("google", `token exchange: HTTP ${answer.status} ${oauthError}`);
    }
    const idToken = optionalString(answer.body, "id_token");
    if (idToken === null) throw new IdentityVerificationError("google", "token exchange: no id_token in the answer");
    return idToken;
  }

  async function verifyIdToken(idToken: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience: config.clientId,
        algorithms: ["RS256"],
        requiredClaims: ["sub", "exp", "iat"],
      });
      return payload;
    } catch (error) {
      // jose's messages name the failed check (e.g. `unexpected "aud" claim value`), never the token;
      // anything else comes from fetching the key set.
      const reason =
        error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : "signing keys could not be fetched";
      throw new IdentityVerificationError("google", `id_token: ${reason}`);
    }
  }

  return {
    async verifyAuthorizationCode(code) {
      const claims = await verifyIdToken(await redeemCode(code));
      const subject = optionalString(claims, "sub");
      if (subject === null) throw new IdentityVerificationError("google", "id_token: empty sub claim");
      return {
        provider: "google",
        subject,
        email: optionalString(claims, "email"),
        emailVerified: claims.email_verified === true,
        givenName: optionalString(claims, "given_name"),
        familyName: optionalString(claims, "family_name"),
        pictureUrl: optionalString(claims, "picture"),
        locale: optionalString(claims, "locale"),
      };
    },
  };
}

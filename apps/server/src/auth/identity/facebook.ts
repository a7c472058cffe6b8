import { createHmac } from "node:crypto";
import { type IdentityProfile, IdentityVerificationError } from "./identity-profile.ts";
import { fetchProviderJson, isRecord, optionalString, type ProviderAnswer } from "./provider-http.ts";

/** The Facebook app the server checks tokens for, and the Graph API base (a stand-in in tests). */
export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** Graph API base; may include a version, e.g. "https://graph.facebook.com/v21.0". */
  graphUrl: string;
}

/** Facebook's production Graph API base; spread it under the app id and secret. */
export const FACEBOOK_DEFAULTS = { graphUrl: "https://graph.facebook.com" } as const;

/** Verifies a Facebook user access token obtained by the browser's Facebook Login. */
export interface FacebookVerifier {
  verifyAccessToken(accessToken: string): Promise<IdentityProfile>;
}

interface TokenDebugInfo {
  userId: string;
}

/**
 * Turns a user access token from the browser's Facebook Login into a verified profile. A token
 * alone proves nothing about which app it was issued to, so it is first inspected with the app's
 * own credentials (debug_token: valid, issued to this app, not expired) and only then used to
 * read the profile, with the appsecret_proof Facebook asks of server-side calls.
 */
export function createFacebookVerifier(config: FacebookConfig): FacebookVerifier {
  // Parsed here so a misconfigured URL fails at startup rather than at a guest's sign-in.
  const graphBase = new URL(`${config.graphUrl.replace(/\/+$/, "")}/`);

  function graphUrl(path: string, query: Record<string, string>): URL {
    const url = new URL(path, graphBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  async function readGraph(step: string, url: URL): Promise<Record<string, unknown>> {
    const answer = await fetchProviderJson("facebook", step, url, { headers: { accept: "application/json" } });
    if (!answer.ok || !isRecord(answer.body)) {
      throw new IdentityVerificationError("facebook", `${step}: ${describeGraphError(answer)}`);
    }
    return answer.body;
  }

  async function debugToken(accessToken: string): Promise<TokenDebugInfo> {
    const body = await readGraph(
      "debug_token",
      graphUrl("debug_token", { input_token: accessToken, access_token: `${config.appId}|${config.appSecret}` }),
    );
    const data = isRecord(body.data) ? body.data : null;
    if (data === null) throw new IdentityVerificationError("facebook", "debug_token: no data in the answer");
    if (data.is_valid !== true) throw new IdentityVerificationError("facebook", "debug_token: token is not valid");
    if (data.app_id !== config.appId) {
      throw new IdentityVerificationError("facebook", "debug_token: token was issued to another app");
    }
    // expires_at is in seconds; 0 means the token never expires.
    const expiresAt = data.expires_at;
    if (typeof expiresAt !== "number") throw new IdentityVerificationError("facebook", "debug_token: no expiry");
    if (expiresAt !== 0 && expiresAt * 1000 <= Date.now()) {
      throw new IdentityVerificationError("facebook", "debug_token: token has expired");
    }
    const userId = optionalString(data, "user_id");
    if (userId === null) throw new IdentityVerificationError("facebook", "debug_token: token has no user");
    return { userId };
  }

  return {
    async verifyAccessToken(accessToken) {
      const { userId } = await debugToken(accessToken);
      const me = await readGraph(
        "me",
        graphUrl("me", {
          fields: "id,first_name,last_name,email,picture",
          access_token: accessToken,
          appsecret_proof: createHmac("sha256", config.appSecret).update(accessToken).digest("hex"),
        }),
      );
      if (me.id !== userId) throw new IdentityVerificationError("facebook", "me: user differs from the token's user");
      const picture = isRecord(me.picture) && isRecord(me.picture.data) ? me.picture.data : null;
      return {
        provider: "facebook",
        subject: userId,
        email: optionalString(me, "email"),
        // Graph exposes no verification flag for the email, so it is never taken as verified.
        emailVerified: false,
        givenName: optionalString(me, "first_name"),
        familyName: optionalString(me, "last_name"),
        pictureUrl: picture === null ? null : optionalString(picture, "url"),
        locale: null,
      };
    },
  };
}

// Graph errors look like {"error":{"message","type","code","error_subcode","fbtrace_id"}}; the type
// and codes say why without echoing anything the request carried.
function describeGraphError(answer: ProviderAnswer): string {
  const error = isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : null;
  if (error === null) return `HTTP ${answer.status}, unexpected answer`;
  const type = optionalString(error, "type") ?? "error";
  const code = typeof error.code === "number" ? ` code ${error.code}` : "";
  const subcode = typeof error.error_subcode === "number" ? `/${error.error_subcode}` : "";
  return `HTTP ${answer.status} ${type}${code}${subcode}`;
}

const TIMEOUT_MS = 15_000;
/** A token is renewed this long before Viva says it expires, so no call goes out with a stale one. */
const EXPIRY_MARGIN_MS = 60_000;

export interface VivaApiSettings {
  clientId: string;
  clientSecret: string;
  accountsUrl: string;
  apiUrl: string;
  /** The OAuth2 scope to ask for, when the API needs one named. */
  scope?: string;
}

/**
 * Viva's APIs (Smart Checkout, cloud terminals) as one client: an OAuth2 client-credentials token
 * cached until shortly before it expires and shared by concurrent callers, bearer calls with a
 * timeout, and one fresh token on a 401 (a token revoked early). Failures are thrown as the
 * caller's own error type, so each feature keeps speaking its own language.
 */
export class VivaApi {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly settings: VivaApiSettings,
    private readonly failure: (message: string) => Error,
  ) {}

  /** The answer's text; null for a status listed in `absent` (e.g. 404: not known there). */
  call(method: string, path: string, body?: unknown): Promise<string>;
  call(method: string, path: string, body: unknown, absent: number[]): Promise<string | null>;
  async call(method: string, path: string, body?: unknown, absent: number[] = []): Promise<string | null> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await this.fetch(`${this.settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (absent.includes(response.status)) return null;
      const text = await response.text();
      if (!response.ok) throw this.failure(`Viva ${method} ${path} answered ${response.status}`);
      return text;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async requestToken(): Promise<string> {
    const { clientId, clientSecret, accountsUrl, scope } = this.settings;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    const form = new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) });
    const response = await this.fetch(`${accountsUrl}/connect/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    if (!response.ok) throw this.failure(`Viva token request answered ${response.status}`);
    const json = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== "string") throw this.failure("Viva token answer without access_token");
    const seconds = typeof json.expires_in === "number" ? json.expires_in : 3600;
    this.token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, seconds * 1000 - EXPIRY_MARGIN_MS) };
    return json.access_token;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw this.failure(`Viva unreachable: ${(error as Error).message}`);
    }
  }
}

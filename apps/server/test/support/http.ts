import { TEST_PASSWORD } from "./factories.ts";

/** A tiny HTTP client over real sockets, as the browser would call the API. */
export function apiClient(baseUrl: string) {
  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string | Uint8Array<ArrayBuffer> } = {},
  ) {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers["content-type"] ??= "application/json";
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, headers: response.headers, body: json };
  }
  return {
    call,
    get: (path: string, token?: string, headers?: Record<string, string>) => call("GET", path, { token, headers }),
    post: (path: string, body: unknown, token?: string, headers?: Record<string, string>) =>
      call("POST", path, { token, body, headers }),
    put: (path: string, body: unknown, token?: string) => call("PUT", path, { token, body }),
    del: (path: string, token?: string) => call("DELETE", path, { token }),
    /** A raw (binary) body with its own content type, as a file upload sends it. */
    upload: (path: string, data: Uint8Array<ArrayBuffer>, contentType: string, token?: string) =>
      call("POST", path, { token, raw: data, headers: { "content-type": contentType } }),
    async login(username: string, password = TEST_PASSWORD): Promise<string> {
      const response = await call("POST", "/api/authenticate", { body: { username, password, rememberMe: false } });
      if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status}`);
      return String(response.headers.get("authorization")).replace(/^Bearer /, "");
    },
    async guest(): Promise<string> {
      const response = await call("POST", "/api/authenticate-anonymous", { body: {} });
      return String(response.headers.get("authorization")).replace(/^Bearer /, "");
    },
    /** A guest signed in and checked in at a table. */
    async seatedGuest(tableId: number): Promise<string> {
      const token = await this.guest();
      const checkIn = await call("POST", `/api/cq-table/check-in/${tableId}`, { token });
      if (checkIn.status !== 200) throw new Error(`check-in failed: ${checkIn.status}`);
      return token;
    },
  };
}

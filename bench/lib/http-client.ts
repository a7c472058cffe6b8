import http from "node:http";

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * A lean JSON client on node:http with keep-alive sockets, so the load generator spends little
 * CPU per request (the bench shares the machine with the server). Status 0 means no response.
 */
export class HttpClient {
  readonly agent: http.Agent;
  private readonly base: URL;

  constructor(baseUrl: string, options: { maxSockets?: number } = {}) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64, scheduling: "lifo" });
  }

  request(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<HttpResponse> {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = { accept: "application/json", ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(payload.length);
    }
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers,
          agent: this.agent,
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let body: any = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          });
          res.on("error", (error) => resolve({ status: 0, headers: {}, body: String(error) }));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => resolve({ status: 0, headers: {}, body: String(error) }));
      req.end(payload);
    });
  }

  get(path: string, token?: string): Promise<HttpResponse> {
    return this.request("GET", path, { token });
  }

  post(path: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<HttpResponse> {
    return this.request("POST", path, { token, body, headers });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The bearer token a sign-in answered with (header, or the body's id_token). */
export function tokenOf(response: HttpResponse): string {
  const header = response.headers.authorization;
  if (typeof header === "string" && header.startsWith("Bearer ")) return header.slice(7);
  if (response.body && typeof response.body.id_token === "string") return response.body.id_token;
  throw new Error(`no token in response (status ${response.status})`);
}

/** Throws with the status and body when a setup call did not succeed. */
export function expectOk(response: HttpResponse, what: string): HttpResponse {
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${what} failed: HTTP ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  }
  return response;
}

import type { FastifyLoggerOptions } from "fastify";

/** Where log lines go: stdout by default, a test's collector otherwise. */
export interface LogStream {
  write(line: string): void;
}

const REDACTED = "[redacted]";

/** Query parameters that carry a credential: the WebSocket's access_token, an OAuth code, a key. */
const SECRET_PARAMETER = /token|secret|password|passwd|key|code|auth|signature/i;

/** Paths that carry a credential in a segment: a one-time set-password link's token (issue 18). */
const SECRET_PATH_SEGMENT = /(\/set-password\/)[^/?#]+/;

/**
 * A request URL as it may be logged: the values of credential-bearing query parameters, and a
 * credential carried in the path, replaced.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  const query = url.indexOf("?");
  if (query < 0) return url;
  const parts = url
    .slice(query + 1)
    .split("&")
    .map((part) => {
      const name = part.split("=", 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMETER.test(decoded) && part.includes("=") ? `${name}=${REDACTED}` : part;
    });
  return `${url.slice(0, query)}?${parts.join("&")}`;
}

/**
 * The server's logger: Fastify's own request and answer fields, with no credential in them. The
 * WebSocket carries its token in the URL (a browser cannot set headers on it), so URLs are logged
 * with such values replaced; headers, bodies and passwords, wherever a log call passes them, too.
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): (FastifyLoggerOptions & { redact: { paths: string[]; censor: string } }) | false {
  if (level === "silent") return false;
  return {
    level,
    stream,
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
    redact: {
      paths: ["headers.authorization", "headers.cookie", "*.headers.authorization", "*.headers.cookie", "password", "*.password"],
      censor: REDACTED,
    },
  };
}

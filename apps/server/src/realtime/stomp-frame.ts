/** One STOMP 1.2 frame; header names and values are already unescaped. */
export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** Raised for input that is not valid STOMP 1.2; the hub answers it with an ERROR frame. */
export class StompProtocolError extends Error {
  override readonly name = "StompProtocolError";
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMAND = /^[A-Z]+$/;

// CONNECT and CONNECTED never escape header values, for compatibility with STOMP 1.0 (spec §"Value Encoding").
const UNESCAPED_COMMANDS = new Set(["CONNECT", "CONNECTED"]);
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", c: ":", "\\": "\\" };

/**
 * Splits one WebSocket message into frames. A message may carry several NUL-terminated frames and
 * bare EOLs (heart-beats) between them; a frame cut short is malformed, since STOMP over WebSocket
 * never splits a frame across messages.
 */
export function parseFrames(data: string | Buffer): { frames: StompFrame[]; heartbeats: number } {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const frames: StompFrame[] = [];
  let heartbeats = 0;
  let pos = 0;
  while (pos < bytes.length) {
    if (bytes[pos] === LF) {
      heartbeats++;
      pos++;
    } else if (bytes[pos] === CR && bytes[pos + 1] === LF) {
      heartbeats++;
      pos += 2;
    } else {
      pos = parseFrame(bytes, pos, frames);
    }
  }
  return { frames, heartbeats };
}

/** Parses the frame starting at `start`, pushes it and returns the offset after its NUL. */
function parseFrame(bytes: Buffer, start: number, frames: StompFrame[]): number {
  let pos = start;
  const readLine = (): string => {
    const end = bytes.indexOf(LF, pos);
    if (end < 0) throw new StompProtocolError("Incomplete frame: missing end of line");
    const lineEnd = end > pos && bytes[end - 1] === CR ? end - 1 : end;
    const line = bytes.toString("utf8", pos, lineEnd);
    pos = end + 1;
    return line;
  };

  const command = readLine();
  if (!COMMAND.test(command)) throw new StompProtocolError(`Invalid command "${command.slice(0, 32)}"`);
  const decode = UNESCAPED_COMMANDS.has(command) ? (s: string) => s : unescapeHeader;
  const headers: Record<string, string> = Object.create(null);
  for (let line = readLine(); line !== ""; line = readLine()) {
    const colon = line.indexOf(":");
    if (colon < 1) throw new StompProtocolError(`Invalid header line "${line.slice(0, 64)}"`);
    const name = decode(line.slice(0, colon));
    const value = decode(line.slice(colon + 1));
    // Spec: when a header is repeated, only the first occurrence counts.
    if (!(name in headers)) headers[name] = value;
  }

  let end: number;
  const contentLength = headers["content-length"];
  if (contentLength !== undefined) {
    if (!/^\d+$/.test(contentLength)) throw new StompProtocolError(`Invalid content-length "${contentLength}"`);
    end = pos + Number(contentLength);
    if (end >= bytes.length || bytes[end] !== NUL) {
      throw new StompProtocolError("Body does not end with NUL after content-length octets");
    }
  } else {
    end = bytes.indexOf(NUL, pos);
    if (end < 0) throw new StompProtocolError("Incomplete frame: missing NUL terminator");
  }
  frames.push({ command, headers, body: bytes.toString("utf8", pos, end) });
  return end + 1;
}

function unescapeHeader(raw: string): string {
  if (!raw.includes("\\")) return raw;
  return raw.replace(/\\(.?)/gs, (_match, next: string) => {
    const replacement = ESCAPES[next];
    if (replacement === undefined) throw new StompProtocolError(`Undefined escape sequence "\\${next}"`);
    return replacement;
  });
}

function escapeHeader(raw: string): string {
  return /[\\\r\n:]/.test(raw)
    ? raw.replace(/[\\\r\n:]/g, (c) => (c === "\\" ? "\\\\" : c === "\r" ? "\\r" : c === "\n" ? "\\n" : "\\c"))
    : raw;
}

/**
 * Encodes a frame for the wire. Header names and values are escaped except in CONNECT/CONNECTED
 * (spec), and a non-empty body gets a content-length so bodies may contain NUL.
 */
export function serializeFrame(frame: StompFrame): string {
  const encode = UNESCAPED_COMMANDS.has(frame.command) ? (s: string) => s : escapeHeader;
  let out = `${frame.command}\n`;
  for (const [name, value] of Object.entries(frame.headers)) out += `${encode(name)}:${encode(value)}\n`;
  if (frame.body !== "" && frame.headers["content-length"] === undefined) {
    out += `content-length:${Buffer.byteLength(frame.body, "utf8")}\n`;
  }
  return `${out}\n${frame.body}\0`;
}

import { describe, expect, it } from "vitest";
import { parseFrames, StompProtocolError, serializeFrame } from "./stomp-frame.ts";

describe("parseFrames", () => {
  it("reads several frames from one message", () => {
    const { frames, heartbeats } = parseFrames(
      "CONNECT\naccept-version:1.2\nhost:venue\n\n\0SUBSCRIBE\nid:0\ndestination:/topic/a\n\n\0",
    );
    expect(heartbeats).toBe(0);
    expect(frames).toEqual([
      { command: "CONNECT", headers: { "accept-version": "1.2", host: "venue" }, body: "" },
      { command: "SUBSCRIBE", headers: { id: "0", destination: "/topic/a" }, body: "" },
    ]);
  });

  it("counts LF and CRLF heart-beats before, between and after frames", () => {
    const { frames, heartbeats } = parseFrames("\n\r\nDISCONNECT\r\nreceipt:9\r\n\r\n\0\n\nSEND\n\nhi\0\r\n");
    expect(heartbeats).toBe(5);
    expect(frames.map((f) => f.command)).toEqual(["DISCONNECT", "SEND"]);
    expect(frames[0].headers).toEqual({ receipt: "9" });
    expect(frames[1].body).toBe("hi");
    expect(parseFrames("\n")).toEqual({ frames: [], heartbeats: 1 });
  });

  it("unescapes header names and values", () => {
    const [frame] = parseFrames("SEND\na\\cb:line\\none\\r\\\\two\\c\n\n\0").frames;
    expect(frame.headers).toEqual({ "a:b": "line\none\r\\two:" });
  });

  it("leaves CONNECT headers unescaped, as STOMP 1.0 clients expect", () => {
    const [frame] = parseFrames("CONNECT\nlogin:a\\b:c\n\n\0").frames;
    expect(frame.headers).toEqual({ login: "a\\b:c" });
  });

  it("keeps the first value of a repeated header", () => {
    const [frame] = parseFrames("MESSAGE\nfoo:first\nfoo:second\n\n\0").frames;
    expect(frame.headers.foo).toBe("first");
  });

  it("honours content-length, so a body may contain NUL and multi-byte characters", () => {
    const body = "α\0β";
    const length = Buffer.byteLength(body);
    const { frames } = parseFrames(`SEND\ncontent-length:${length}\n\n${body}\0SEND\n\nnext\0`);
    expect(frames.map((f) => f.body)).toEqual([body, "next"]);
    expect(parseFrames(Buffer.from(`SEND\ncontent-length:${length}\n\n${body}\0`)).frames[0].body).toBe(body);
  });

  it.each([
    ["an undefined escape", "SEND\nfoo:a\\tb\n\n\0"],
    ["a trailing backslash", "SEND\nfoo:a\\\n\n\0"],
    ["a missing NUL", "SEND\nfoo:bar\n\nbody"],
    ["headers cut short", "SEND\nfoo:bar"],
    ["a header without colon", "SEND\nfoo\n\n\0"],
    ["a header without name", "SEND\n:bar\n\n\0"],
    ["a lower-case command", "send\n\n\0"],
    ["a non-numeric content-length", "SEND\ncontent-length:x\n\n\0"],
    ["a content-length past the NUL", "SEND\ncontent-length:2\n\na\0"],
    ["a content-length short of the NUL", "SEND\ncontent-length:1\n\nab\0"],
  ])("rejects %s", (_name, input) => {
    expect(() => parseFrames(input)).toThrow(StompProtocolError);
  });
});

describe("serializeFrame", () => {
  it("escapes headers and round-trips through the parser", () => {
    const frame = {
      command: "MESSAGE",
      headers: { destination: "/topic/a:b", "odd\nname": "back\\slash\r\nend" },
      body: '{"ok":true}',
    };
    const wire = serializeFrame(frame);
    expect(wire).toBe('MESSAGE\ndestination:/topic/a\\cb\nodd\\nname:back\\\\slash\\r\\nend\ncontent-length:11\n\n{"ok":true}\0');
    expect(parseFrames(wire).frames).toEqual([{ ...frame, headers: { ...frame.headers, "content-length": "11" } }]);
  });

  it("does not escape CONNECTED and omits content-length for an empty body", () => {
    expect(serializeFrame({ command: "CONNECTED", headers: { version: "1.2", server: "a:b" }, body: "" })).toBe(
      "CONNECTED\nversion:1.2\nserver:a:b\n\n\0",
    );
  });

  it("keeps a given content-length and frames a body containing NUL", () => {
    const wire = serializeFrame({ command: "MESSAGE", headers: { "content-length": "3" }, body: "a\0b" });
    expect(wire).toBe("MESSAGE\ncontent-length:3\n\na\0b\0");
    expect(parseFrames(wire).frames[0].body).toBe("a\0b");
  });
});

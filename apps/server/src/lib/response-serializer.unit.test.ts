import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import { responseSerializerCompiler, UndocumentedResponseError } from "./response-serializer.ts";

const ticket = z.object({
  id: z.number(),
  timestamp: z.string(),
  note: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
});

const serializerFor = (checkResponses: boolean, schema: unknown = ticket) =>
  responseSerializerCompiler({ checkResponses })({ schema, method: "GET", url: "/api/ticket/:id", httpStatus: "200" });

const answer = { id: 7, timestamp: new Date("2026-01-02T10:00:00Z"), note: null, lines: [{ name: "Φέτα", quantity: 2 }] };

describe("writing answers", () => {
  it("writes the answer as the handler built it, as JSON.stringify does", () => {
    for (const check of [true, false]) expect(serializerFor(check)(answer)).toBe(JSON.stringify(answer));
  });

  it("unchecked (production), writes even what the schema does not describe, at no cost of parsing", () => {
    const parse = vi.spyOn(ticket, "safeParse");
    expect(serializerFor(false)({ ...answer, extra: 1 })).toBe(JSON.stringify({ ...answer, extra: 1 }));
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });
});

describe("checked (development and tests)", () => {
  const silenced = () => vi.spyOn(console, "error").mockImplementation(() => {});

  it("refuses a field the schema does not document, however deep, naming it and not its value", () => {
    const console = silenced();
    const write = serializerFor(true);
    expect(() => write({ ...answer, secret: "s3cr3t" })).toThrow(UndocumentedResponseError);
    expect(() => write({ ...answer, secret: "s3cr3t" })).toThrow(/secret: not documented/);
    expect(() => write({ ...answer, secret: "s3cr3t" })).not.toThrow(/s3cr3t/);
    expect(() => write({ ...answer, lines: [{ name: "Φέτα", quantity: 2, price: 350 }] })).toThrow(
      /lines\.0\.price: not documented/,
    );
    console.mockRestore();
  });

  it("refuses a missing, mistyped or null field the schema requires", () => {
    const console = silenced();
    const write = serializerFor(true);
    const { note: _, ...withoutNote } = answer;
    expect(() => write(withoutNote)).toThrow(/note/);
    expect(() => write({ ...answer, id: "7" })).toThrow(/id/);
    expect(() => write({ ...answer, lines: [{ name: "Φέτα", quantity: 1.5 }] })).toThrow(/lines\.0\.quantity/);
    console.mockRestore();
  });

  it("checks what the client receives: a Date is its ISO text, an undefined field is absent", () => {
    const write = serializerFor(true, ticket.extend({ closedAt: z.string().optional() }));
    expect(write({ ...answer, closedAt: undefined })).toBe(JSON.stringify(answer));
  });

  it("follows the branch of a union the answer is of", () => {
    const result = z.discriminatedUnion("status", [
      z.object({ status: z.literal("COMPLETED"), paidAmount: z.number() }),
      z.object({ status: z.literal("PENDING"), cardAmount: z.number() }),
    ]);
    const console = silenced();
    const write = serializerFor(true, result);
    expect(write({ status: "PENDING", cardAmount: 500 })).toBe('{"status":"PENDING","cardAmount":500}');
    expect(() => write({ status: "PENDING", cardAmount: 500, paidAmount: 0 })).toThrow(/paidAmount: not documented/);
    console.mockRestore();
  });
});

describe("CHECK_RESPONSES", () => {
  it("is on in development and tests, off in production, and either way when set", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-check-responses-"));
    const checks = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).checkResponses;
    expect(checks({ NODE_ENV: "development" })).toBe(true);
    expect(checks({ NODE_ENV: "test" })).toBe(true);
    expect(checks({ NODE_ENV: "production" })).toBe(false);
    expect(checks({ NODE_ENV: "production", CHECK_RESPONSES: "on" })).toBe(true);
    expect(checks({ NODE_ENV: "test", CHECK_RESPONSES: "off" })).toBe(false);
  });
});

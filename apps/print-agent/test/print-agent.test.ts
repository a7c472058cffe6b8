import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningAgent, startAgentServer } from "../src/agent-server.ts";
import { decodeEscPos } from "../src/escpos/decode.ts";
import { DEFAULT_PRINTER_TIMEOUTS, PrinterQueue, type PrinterTimeouts, sendToPrinter } from "../src/printer-connection.ts";
import { AGENT_VERSION } from "../src/version.ts";
import { connectClient, type TestClient } from "./support/agent-client.ts";
import { type FakePrinter, refusedPort, startFakePrinter } from "./support/fake-printer.ts";
import { buildKitchenTicket } from "./support/tickets.ts";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function agent(
  options: { allowedOrigins?: string[]; timeouts?: PrinterTimeouts; tls?: { cert: Buffer; key: Buffer } } = {},
): Promise<RunningAgent> {
  const queue = new PrinterQueue((target, bytes) => sendToPrinter(target, bytes, options.timeouts ?? DEFAULT_PRINTER_TIMEOUTS));
  const running = await startAgentServer({
    host: "127.0.0.1",
    port: 0,
    allowedOrigins: options.allowedOrigins ?? null,
    print: (target, bytes) => queue.print(target, bytes),
    defaultCodePage: "cp737",
    tls: options.tls,
  });
  cleanups.push(() => running.close());
  return running;
}

async function printer(options: { paused?: boolean } = {}): Promise<FakePrinter> {
  const p = await startFakePrinter(options);
  cleanups.push(() => p.close());
  return p;
}

async function client(url: string, options: { origin?: string; rejectUnauthorized?: boolean } = {}): Promise<TestClient> {
  const c = await connectClient(url, options);
  cleanups.push(() => c.close());
  await c.next((m) => m.type === "hello");
  return c;
}

const kitchenJob = (ticketId: number, overrides: Record<string, unknown> = {}) => ({
  kind: "kitchen-ticket",
  ticket: buildKitchenTicket({ ticketId, timestamp: new Date().toISOString() }),
  areaName: "Κουζίνα",
  bigLetters: false,
  ...overrides,
});

const printedText = (bytes: Uint8Array) => decodeEscPos(bytes).lines.map((l) => l.text.trimEnd());

describe("print agent over WebSocket", () => {
  it("says hello with its version and answers ping with pong", async () => {
    const running = await agent();
    const c = await connectClient(running.url);
    cleanups.push(() => c.close());
    expect(await c.next((m) => m.type === "hello")).toEqual({ type: "hello", version: AGENT_VERSION });
    c.send({ type: "ping" });
    expect(await c.next((m) => m.type === "pong")).toEqual({ type: "pong", version: AGENT_VERSION });
  });

  it("prints a kitchen ticket: the printer gets ESC/POS that decodes to the Greek ticket", async () => {
    const running = await agent();
    const p = await printer();
    const c = await client(running.url);
    const id = randomUUID();
    const result = await c.print({ id, printerIp: "127.0.0.1", printerPort: p.port, job: kitchenJob(123) });
    expect(result).toEqual({ type: "result", id, ok: true });
    const [job] = await p.waitForJobs(1);
    expect(Array.from(job.bytes.subarray(0, 5))).toEqual([0x1b, 0x40, 0x1b, 0x74, 14]);
    expect(Array.from(job.bytes.subarray(-3))).toEqual([0x1d, 0x56, 0x01]);
    expect(printedText(job.bytes)).toEqual([
      "Κουζίνα",
      "Τραπέζι 12          #123",
      expect.stringMatching(/^\d\d:\d\d \d\d\/\d\d\/\d{4} {21}Στο τραπέζι$/),
      "Σερβιτόρος: Νίκος Γ.",
      "-".repeat(48),
      "2x Χωριάτικη",
      "   - χωρίς κρεμμύδι",
      "   + Κάπαρη",
      "   ΑΛΛΕΡΓΙΟΓΟΝΑ: ΓΑΛΑ",
      "-".repeat(48),
    ]);
  });

  it("prints void tickets, raw jobs and the code page a job asks for", async () => {
    const running = await agent();
    const p = await printer();
    const c = await client(running.url);
    const voidJob = {
      kind: "void-ticket",
      ticket: buildKitchenTicket(),
      cancelled: [{ name: "Χωριάτικη", quantity: 1 }],
      areaName: "Κουζίνα",
    };
    expect((await c.print({ id: "v", printerIp: "127.0.0.1", printerPort: p.port, job: voidJob })).ok).toBe(true);
    const raw = Buffer.from([0x1b, 0x40, 0x41, 0x0a, 0x1d, 0x56, 0x00]);
    const rawJob = { kind: "raw", base64: raw.toString("base64") };
    expect((await c.print({ id: "r", printerIp: "127.0.0.1", printerPort: p.port, job: rawJob })).ok).toBe(true);
    const job1253 = kitchenJob(5, { codePage: "windows1253", bigLetters: true });
    expect((await c.print({ id: "w", printerIp: "127.0.0.1", printerPort: p.port, job: job1253 })).ok).toBe(true);
    const [voided, rawPrinted, greek] = await p.waitForJobs(3);
    expect(printedText(voided.bytes).slice(0, 3)).toEqual(["ΑΚΥΡΩΣΗ", "Κουζίνα", "Τραπέζι 12          #123"]);
    expect(rawPrinted.bytes.equals(raw)).toBe(true);
    expect(Array.from(greek.bytes.subarray(0, 5))).toEqual([0x1b, 0x40, 0x1b, 0x74, 47]);
    expect(printedText(greek.bytes)).toContain("2x Χωριάτικη");
  });

  it("sends two jobs for one printer one after the other, never at once", async () => {
    const running = await agent();
    // The first job is larger than what the network buffers hold, so it cannot finish while the printer is not reading.
    const p = await printer({ paused: true });
    const c = await client(running.url);
    const big = Buffer.alloc(15 * 1024 * 1024, 0x41);
    const first = c.print({
      id: "big",
      printerIp: "127.0.0.1",
      printerPort: p.port,
      job: { kind: "raw", base64: big.toString("base64") },
    });
    await until(() => p.connections === 1);
    const second = c.print({ id: "ticket", printerIp: "127.0.0.1", printerPort: p.port, job: kitchenJob(124) });
    await new Promise((r) => setTimeout(r, 500));
    expect(p.connections).toBe(1);
    p.resume();
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    const [a, b] = await p.waitForJobs(2);
    expect(a.bytes.equals(big)).toBe(true);
    expect(printedText(b.bytes)[1]).toBe("Τραπέζι 12          #124");
  });

  it("keeps the order of jobs sent back to back to one printer", async () => {
    const running = await agent();
    const p = await printer();
    const c = await client(running.url);
    const results = await Promise.all(
      [201, 202, 203].map((n) => c.print({ id: `t${n}`, printerIp: "127.0.0.1", printerPort: p.port, job: kitchenJob(n) })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const jobs = await p.waitForJobs(3);
    expect(jobs.map((j) => printedText(j.bytes)[1].slice(-4))).toEqual(["#201", "#202", "#203"]);
    for (const job of jobs) {
      const commands = decodeEscPos(job.bytes).commands;
      expect(commands.filter((cmd) => cmd.type === "init")).toHaveLength(1);
      expect(commands.filter((cmd) => cmd.type === "cut")).toHaveLength(1);
    }
  });

  it("answers printer_timeout when the printer accepts but never reads, then serves the next job", async () => {
    const running = await agent();
    const stuck = await printer({ paused: true });
    const healthy = await printer();
    const c = await client(running.url);
    const big = Buffer.alloc(15 * 1024 * 1024, 0x42).toString("base64");
    const started = Date.now();
    const result = await c.print({
      id: "stuck",
      printerIp: "127.0.0.1",
      printerPort: stuck.port,
      job: { kind: "raw", base64: big },
    });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ type: "result", id: "stuck", ok: false, error: "printer_timeout" });
    expect(result.message).toMatch(/5000 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(DEFAULT_PRINTER_TIMEOUTS.writeTimeoutMs - 100);
    // Well before the test's own timeout: the timeout fired, nothing hung. The margin is wide because the
    // 15 MB job crosses the WebSocket first, which takes seconds on a loaded machine (two test files at once).
    expect(elapsed).toBeLessThan(DEFAULT_PRINTER_TIMEOUTS.writeTimeoutMs + 10_000);

    const next = await c.print({ id: "after", printerIp: "127.0.0.1", printerPort: healthy.port, job: kitchenJob(125) });
    expect(next).toEqual({ type: "result", id: "after", ok: true });
    // The stuck printer's queue is free again too.
    stuck.resume();
    const again = await c.print({ id: "again", printerIp: "127.0.0.1", printerPort: stuck.port, job: kitchenJob(126) });
    expect(again.ok).toBe(true);
  });

  it("answers printer_unreachable when the printer refuses the connection", async () => {
    const running = await agent();
    const c = await client(running.url);
    const port = await refusedPort();
    const result = await c.print({ id: "refused", printerIp: "127.0.0.1", printerPort: port, job: kitchenJob(1) });
    expect(result).toMatchObject({ id: "refused", ok: false, error: "printer_unreachable" });
    expect(result.message).toContain("ECONNREFUSED");
  });

  it("answers malformed messages with an error and stays up", async () => {
    const running = await agent();
    const c = await client(running.url);
    c.send("{not json");
    expect(await c.next((m) => m.type === "error")).toMatchObject({ type: "error", error: "invalid_message" });
    c.send({ type: "format-disk" });
    expect(await c.next((m) => m.type === "error")).toMatchObject({ error: "invalid_message" });
    c.ws.send(Buffer.from([1, 2, 3]));
    expect(await c.next((m) => m.type === "error")).toMatchObject({ error: "invalid_message" });

    const badIp = await c.print({ id: "bad-ip", printerIp: "not a host!", job: kitchenJob(1) });
    expect(badIp).toMatchObject({ ok: false, error: "invalid_job" });
    expect(badIp.message).toContain("printerIp");
    const noProducts = await c.print({
      id: "empty",
      printerIp: "127.0.0.1",
      job: kitchenJob(1, { ticket: { ...buildKitchenTicket(), products: [] } }),
    });
    expect(noProducts).toMatchObject({ ok: false, error: "invalid_job" });
    const badBase64 = await c.print({ id: "b64", printerIp: "127.0.0.1", job: { kind: "raw", base64: "***" } });
    expect(badBase64).toMatchObject({ ok: false, error: "invalid_job" });
    const unknownKind = await c.print({ id: "kind", printerIp: "127.0.0.1", job: { kind: "fax" } });
    expect(unknownKind).toMatchObject({ ok: false, error: "invalid_job" });

    c.send({ type: "ping" });
    expect(await c.next((m) => m.type === "pong")).toMatchObject({ version: AGENT_VERSION });
    const other = await client(running.url);
    other.send({ type: "ping" });
    await other.next((m) => m.type === "pong");
  });

  it("prints a job repeated under the same id only once", async () => {
    const running = await agent();
    const p = await printer();
    const c = await client(running.url);
    const request = { id: randomUUID(), printerIp: "127.0.0.1", printerPort: p.port, job: kitchenJob(300) };
    const [a, b] = await Promise.all([c.print(request), c.print(request)]);
    expect(a.ok && b.ok).toBe(true);
    expect((await c.print(request)).ok).toBe(true);
    await p.waitForJobs(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(p.jobs).toHaveLength(1);
  });

  it("refuses a page whose origin is not on the allow-list", async () => {
    const running = await agent({ allowedOrigins: ["https://app.tableorder.example"] });
    await expect(connectClient(running.url, { origin: "https://evil.example" })).rejects.toThrow(/403/);
    const allowed = await client(running.url, { origin: "https://APP.tableorder.example" });
    allowed.send({ type: "ping" });
    await allowed.next((m) => m.type === "pong");
  });

  it.skipIf(!hasOpenssl())("serves wss:// with a certificate", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "print-agent-tls-"));
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"],
      {
        stdio: "ignore",
      },
    );
    const running = await agent({ tls: { cert: readFileSync(cert), key: readFileSync(key) } });
    expect(running.url).toMatch(/^wss:\/\//);
    const c = await client(running.url, { rejectUnauthorized: false });
    c.send({ type: "ping" });
    await c.next((m) => m.type === "pong");
  });
});

describe("npm run print-agent", () => {
  let child: ChildProcess | null = null;
  afterEach(() => {
    child?.kill("SIGTERM");
    child = null;
  });

  it("starts, prints its address, and in --dry-run shows the ticket instead of sending it", async () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    child = spawn(process.execPath, ["--import", "tsx", "apps/print-agent/src/main.ts", "--dry-run"], {
      cwd: root,
      env: { ...process.env, PRINT_AGENT_PORT: "0", PRINT_AGENT_HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk.toString();
    });
    await until(() => /listening on ws:\/\/127\.0\.0\.1:\d+/.test(output), 20_000);
    expect(output).toContain("PRINT_AGENT_ALLOWED_ORIGINS is not set");
    const url = output.match(/listening on (ws:\/\/127\.0\.0\.1:\d+)/)?.[1] as string;
    const c = await client(url);
    const result = await c.print({ id: "dry", printerIp: "192.168.1.50", job: kitchenJob(777) });
    expect(result.ok).toBe(true);
    await until(() => output.includes("#777"));
    expect(output).toContain("2x Χωριάτικη");
    expect(output).toMatch(/INFO +printed id=dry kind=kitchen-ticket printer=192\.168\.1\.50:9100/);
    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MYDATA_BASE_URLS, MydataRestClient } from "../src/integrations/mydata/mydata-rest-client.ts";
import { FiscalTransmissionError } from "../src/integrations/mydata/transmitter.ts";

const USER = "venue-user";
const KEY = "s3cr3t-subscription-key-0123456789";

type Answer = { status: number; body: string } | "HANG";

/**
 * A stand-in for AADE's myDATA REST API on loopback: checks the two credential headers (401
 * without them, as AADE does), records every request, and answers what the test queued, in the
 * forms of response-v1.0.10.xsd and requestedInvoicesDoc-v1.0.10.xsd.
 */
class FakeMydata {
  server: Server;
  url = "";
  requests: { method: string; path: string; query: URLSearchParams; headers: IncomingMessage["headers"]; body: string }[] = [];
  answers: Answer[] = [];
  private hanging: (() => void)[] = [];

  constructor() {
    this.server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? "/", "http://fake");
      this.requests.push({
        method: request.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (request.headers["aade-user-id"] !== USER || request.headers["ocp-apim-subscription-key"] !== KEY) {
        response.writeHead(401, { "content-type": "application/json" });
        response.end('{"statusCode":401,"message":"Access denied due to invalid subscription key."}');
        return;
      }
      const answer = this.answers.shift() ?? { status: 500, body: "no answer queued" };
      if (answer === "HANG") {
        this.hanging.push(() => response.destroy());
        return;
      }
      response.writeHead(answer.status, { "content-type": "application/xml" });
      response.end(answer.body);
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/myDATA`;
  }

  async stop() {
    for (const release of this.hanging) release();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const responseDoc = (inner: string) => `<?xml version="1.0" encoding="utf-8"?>
<ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${inner}</ResponseDoc>`;

const success = (index: number, uid: string, mark: string) => `
  <response>
    <index>${index}</index>
    <invoiceUid>${uid}</invoiceUid>
    <invoiceMark>${mark}</invoiceMark>
    <qrUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc%3D&amp;x=1</qrUrl>
    <authenticationCode>AUTH${index}</authenticationCode>
    <statusCode>Success</statusCode>
  </response>`;

describe("MydataRestClient against a stand-in of AADE's API", () => {
  const aade = new FakeMydata();
  const logs: unknown[] = [];
  let client: MydataRestClient;

  beforeAll(async () => {
    await aade.start();
    client = new MydataRestClient({
      baseUrl: aade.url,
      userId: USER,
      subscriptionKey: KEY,
      // Roomy, so a loaded machine does not turn an answer into a timeout; the timeout's own test
      // below uses a short one.
      timeoutMs: 5_000,
      log: (e) => logs.push(e),
    });
  });
  afterAll(() => aade.stop());
  beforeEach(() => {
    aade.requests = [];
    aade.answers = [];
  });

  it("knows AADE's dev and production bases", () => {
    expect(MYDATA_BASE_URLS).toEqual({ dev: "https://mydataapidev.aade.gr/", production: "https://mydatapi.aade.gr/myDATA/" });
  });

  it("sends an InvoicesDoc with the credential headers and reads each invoice's outcome", async () => {
    aade.answers.push({
      status: 200,
      body: responseDoc(
        success(1, "A1B2", "400000000000001") +
          `<response><index>2</index><errors><error><message>Vat amount &lt;&gt; net × rate</message><code>203</code></error></errors><statusCode>ValidationError</statusCode></response>`,
      ),
    });
    const xml = "<InvoicesDoc>…</InvoicesDoc>";
    const outcomes = await client.sendInvoices(xml);

    const [request] = aade.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/myDATA/SendInvoices");
    expect(request.headers["aade-user-id"]).toBe(USER);
    expect(request.headers["ocp-apim-subscription-key"]).toBe(KEY);
    expect(request.headers["content-type"]).toMatch(/^application\/xml/);
    expect(request.body).toBe(xml);
    expect(outcomes).toEqual([
      {
        index: 1,
        status: "ACCEPTED",
        uid: "A1B2",
        mark: "400000000000001",
        qrUrl: "https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc%3D&x=1",
        authenticationCode: "AUTH1",
      },
      {
        index: 2,
        status: "REJECTED",
        statusCode: "ValidationError",
        errors: [{ code: "203", message: "Vat amount <> net × rate" }],
      },
    ]);
  });

  it("cancels by mark and reads the cancellation mark, or AADE's refusal", async () => {
    aade.answers.push(
      {
        status: 200,
        body: responseDoc(
          "<response><cancellationMark>400000000000099</cancellationMark><statusCode>Success</statusCode></response>",
        ),
      },
      {
        status: 200,
        body: responseDoc(
          "<response><errors><error><message>Invoice already cancelled</message><code>X</code></error></errors><statusCode>ValidationError</statusCode></response>",
        ),
      },
    );
    expect(await client.cancelInvoice("400000000000001")).toEqual({ status: "ACCEPTED", cancellationMark: "400000000000099" });
    expect(await client.cancelInvoice("400000000000001")).toEqual({
      status: "REJECTED",
      statusCode: "ValidationError",
      errors: [{ code: "X", message: "Invoice already cancelled" }],
    });
    expect(aade.requests.map((r) => [r.method, r.path, r.query.get("mark")])).toEqual([
      ["POST", "/myDATA/CancelInvoice", "400000000000001"],
      ["POST", "/myDATA/CancelInvoice", "400000000000001"],
    ]);
    await expect(client.cancelInvoice("1 OR 1=1")).rejects.toThrow(RangeError);
  });

  it("reads RequestTransmittedDocs page after page, by continuation token", async () => {
    const invoice = (uid: string, mark: string, aa: number) => `
      <invoice><uid>${uid}</uid><mark>${mark}</mark><authenticationCode>AC</authenticationCode>
        <issuer><vatNumber>094014201</vatNumber><country>GR</country><branch>0</branch></issuer>
        <invoiceHeader><series>A</series><aa>${aa}</aa><issueDate>2025-06-14</issueDate><invoiceType>11.1</invoiceType></invoiceHeader>
        <invoiceSummary><totalGrossValue>1.00</totalGrossValue></invoiceSummary><qrCodeUrl>https://qr/${mark}</qrCodeUrl></invoice>`;
    aade.answers.push(
      {
        status: 200,
        body: `<?xml version="1.0" encoding="utf-8"?><RequestedDoc xmlns="http://www.aade.gr/myDATA/invoice/v1.0">
          <continuationToken><nextPartitionKey>P2</nextPartitionKey><nextRowKey>R2</nextRowKey></continuationToken>
          <invoicesDoc>${invoice("U1", "400000000000011", 1)}${invoice("U2", "400000000000012", 2)}</invoicesDoc></RequestedDoc>`,
      },
      {
        status: 200,
        body: `<RequestedDoc xmlns="http://www.aade.gr/myDATA/invoice/v1.0"><invoicesDoc>${invoice("U3", "400000000000013", 3)}</invoicesDoc>
          <cancelledInvoicesDoc><cancelledInvoice><invoiceMark>400000000000011</invoiceMark><cancellationMark>400000000000014</cancellationMark><cancellationDate>2025-06-14</cancellationDate></cancelledInvoice></cancelledInvoicesDoc></RequestedDoc>`,
      },
    );
    const docs = await client.requestTransmittedDocs({ mark: "400000000000010", dateFrom: "2025-06-01", dateTo: "2025-06-30" });
    expect(
      docs.invoices.map((i) => [i.uid, i.mark, i.aa, i.series, i.invoiceType, i.issueDate, i.issuerVatNumber, i.qrUrl]),
    ).toEqual([
      ["U1", "400000000000011", "1", "A", "11.1", "2025-06-14", "094014201", "https://qr/400000000000011"],
      ["U2", "400000000000012", "2", "A", "11.1", "2025-06-14", "094014201", "https://qr/400000000000012"],
      ["U3", "400000000000013", "3", "A", "11.1", "2025-06-14", "094014201", "https://qr/400000000000013"],
    ]);
    expect(docs.cancellations).toEqual([
      { invoiceMark: "400000000000011", cancellationMark: "400000000000014", cancellationDate: "2025-06-14" },
    ]);
    expect(aade.requests.map((r) => [r.method, r.path, Object.fromEntries(r.query)])).toEqual([
      ["GET", "/myDATA/RequestTransmittedDocs", { mark: "400000000000010", dateFrom: "01/06/2025", dateTo: "30/06/2025" }],
      [
        "GET",
        "/myDATA/RequestTransmittedDocs",
        { mark: "400000000000010", dateFrom: "01/06/2025", dateTo: "30/06/2025", nextPartitionKey: "P2", nextRowKey: "R2" },
      ],
    ]);
  });

  it("a 500 is a retryable transmission error", async () => {
    aade.answers.push({ status: 500, body: "<html>Internal error</html>" });
    const error = await client.sendInvoices("<InvoicesDoc/>").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FiscalTransmissionError);
    expect(error).toMatchObject({ kind: "http", status: 500, retryable: true });
  });

  it("an answer that never comes is a timeout", async () => {
    aade.answers.push("HANG");
    const impatient = new MydataRestClient({ baseUrl: aade.url, userId: USER, subscriptionKey: KEY, timeoutMs: 400 });
    const started = Date.now();
    const error = await impatient.sendInvoices("<InvoicesDoc/>").catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an answer that is not XML, or not a ResponseDoc, is unreadable", async () => {
    aade.answers.push({ status: 200, body: "{ not xml" }, { status: 200, body: "<Other/>" });
    await expect(client.sendInvoices("<InvoicesDoc/>")).rejects.toMatchObject({ kind: "unreadable" });
    await expect(client.sendInvoices("<InvoicesDoc/>")).rejects.toMatchObject({ kind: "unreadable" });
  });

  it("wrong credentials are a 401 that retrying cannot fix, and the key shows nowhere", async () => {
    const wrong = new MydataRestClient({
      baseUrl: aade.url,
      userId: USER,
      subscriptionKey: "wrong-key",
      log: (e) => logs.push(e),
    });
    const error = (await wrong.sendInvoices("<InvoicesDoc/>").catch((e: unknown) => e)) as FiscalTransmissionError;
    expect(error).toMatchObject({ kind: "http", status: 401, retryable: false });
    expect(`${error.message} ${error.stack}`).not.toContain("wrong-key");
    expect(JSON.stringify(logs)).not.toContain(KEY);
    expect(JSON.stringify(logs)).not.toContain("wrong-key");
    expect(logs).toContainEqual(expect.objectContaining({ operation: "SendInvoices", status: 401 }));
  });

  it("AADE unreachable is a retryable transmission error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = new MydataRestClient({ baseUrl: `http://127.0.0.1:${port}/`, userId: USER, subscriptionKey: KEY });
    const error = (await offline.requestTransmittedDocs({ mark: "0" }).catch((e: unknown) => e)) as FiscalTransmissionError;
    expect(error).toMatchObject({ kind: "unreachable", retryable: true });
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.message).not.toContain(KEY);
  });
});

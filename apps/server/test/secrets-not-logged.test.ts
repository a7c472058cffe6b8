import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../src/lib/log-redaction.ts";
import { APP, type FacebookGraphStandIn, startFacebookGraphStandIn } from "./support/facebook-graph-stand-in.ts";
import { buildOperator, buildRunningVenue, TEST_PASSWORD } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { listen } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

const JWT_SECRET = "jwt-secret-that-must-never-be-logged-0123456789";
const GOOGLE_SECRET = "google-client-secret-never-logged-42";
const VIVA_SECRET = "viva-client-secret-never-logged-42";
const MYDATA_USER = "mydata-user-never-logged";
const MYDATA_KEY = "mydata-subscription-key-never-logged-0123";
const WRONG_PASSWORD = "wrong-password-never-logged";
const NEW_ADMIN_PASSWORD = "chosen-through-the-link";

let server: TestServer;
let graph: FacebookGraphStandIn;
const lines: string[] = [];

beforeAll(async () => {
  graph = await startFacebookGraphStandIn();
  server = await startTestServer({
    env: {
      LOG_LEVEL: "trace",
      JWT_SECRET,
      GOOGLE_CLIENT_ID: "google-client",
      GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
      FACEBOOK_APP_ID: APP.id,
      FACEBOOK_APP_SECRET: APP.secret,
      FACEBOOK_GRAPH_URL: graph.url,
      VIVA_CLIENT_ID: "viva-client",
      VIVA_CLIENT_SECRET: VIVA_SECRET,
    },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

describe("log lines", () => {
  it("replace the values of credential-bearing query parameters, and keep the rest", () => {
    expect(redactUrl("/websocket/feed?access_token=eyJ.abc.def&lang=el")).toBe("/websocket/feed?access_token=[redacted]&lang=el");
    expect(redactUrl("/api/x?code=4%2F0Ab&state=1&apiKey=k")).toBe("/api/x?code=[redacted]&state=1&apiKey=[redacted]");
    expect(redactUrl("/service/customer/demo-1/menu")).toBe("/service/customer/demo-1/menu");
    expect(redactUrl("/api/set-password/Zx9_-abc?x=1")).toBe("/api/set-password/[redacted]?x=1");
  });

  it("carry no secret through a day's journey: sign-ins, the realtime feed, an order, a payment, fiscal keys", async () => {
    const api = apiClient(server.baseUrl);
    const venue = await buildRunningVenue(server.database.db);
    const tokens: string[] = [];

    // Staff sign in (one mistypes first); guests sign in anonymously and with Facebook.
    expect((await api.post("/api/authenticate", { username: venue.admin.login, password: WRONG_PASSWORD })).status).toBe(401);
    const admin = await api.login(venue.admin.login);
    const waiter = await api.login(venue.waiter.login);
    const cook = await api.login(venue.cook.login);
    const facebook = await api.post("/api/authenticate-facebook", { idToken: "EAAvalid" });
    expect(facebook.status).toBe(200);
    tokens.push(admin, waiter, cook, String(facebook.headers.get("authorization")).replace(/^Bearer /, ""));

    // The kitchen listens on the realtime feed, with its token in the URL as a browser sends it; a
    // client that asks for the feed without upgrading is answered (and logged) like any request.
    const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    expect((await fetch(`${server.wsUrl.replace(/^ws/, "http")}?access_token=${encodeURIComponent(cook)}`)).status).toBe(404);

    // A guest orders; the kitchen hears of it; the waiter collects it.
    const { table, guest } = await orderAtNewTable(api, server.database.db, venue);
    tokens.push(guest);
    await kitchen.next();
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { cashAmount: 2200, cardAmount: 0, onCreditAmount: 0, discountAmount: 0, isGift: false, payAll: true },
      waiter,
    );
    expect(paid.status).toBe(200);
    await kitchen.close();

    // The owner sets the venue's myDATA credentials.
    const fiscal = await api.post(
      "/api/crm/invoicing-details",
      { isInvoicingEnabled: false, myDataUserId: MYDATA_USER, myDataSubscriptionKey: MYDATA_KEY },
      admin,
    );
    expect(fiscal.status).toBe(200);

    // The platform operator creates a venue; its administrator opens the one-time link and sets a password.
    const operator = await api.login((await buildOperator(server.database.db)).login);
    const created = await api.post("/api/operator/venues", { name: "Νέο", type: "CAFE", adminUsername: "log-admin" }, operator);
    const linkToken = String(created.body.link.url).split("/").pop() as string;
    expect((await api.get(`/api/set-password/${linkToken}`)).status).toBe(200);
    expect((await api.post(`/api/set-password/${linkToken}`, { password: NEW_ADMIN_PASSWORD })).status).toBe(200);
    tokens.push(operator, linkToken);
    await server.app.close();

    const secrets = [
      JWT_SECRET,
      GOOGLE_SECRET,
      VIVA_SECRET,
      APP.secret,
      "EAAvalid",
      MYDATA_USER,
      MYDATA_KEY,
      TEST_PASSWORD,
      WRONG_PASSWORD,
      NEW_ADMIN_PASSWORD,
      server.ctx.config.fiscal.secretsKey.toString("hex"),
      ...tokens,
    ];
    // The journey was logged: every request, the feed's URL among them (redacted).
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((line) => line.includes("/websocket/feed?access_token=[redacted]"))).toBe(true);
    const leaks = lines.flatMap((line) =>
      secrets.filter((secret) => line.includes(secret)).map((secret) => `${secret.slice(0, 6)}… in ${line.slice(0, 200)}`),
    );
    expect(leaks).toEqual([]);
  });
});

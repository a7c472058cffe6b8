import { randomUUID } from "node:crypto";
import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { type CashierListening, listenAsCashier } from "../lib/cashier.ts";
import { extraVenues, type VenueSetup } from "../lib/extra-venues.ts";
import { expectOk, HttpClient } from "../lib/http-client.ts";
import { commandCpuMs, loadAverage, machineCpu, machineUsage } from "../lib/machine.ts";
import { runOpenLoop } from "../lib/open-loop.ts";
import { PgStats, type PgWork, pgWorkSection } from "../lib/pg-stats.ts";
import { type BenchOptions, type Scenario, type ScenarioResult, seededRandom } from "../lib/scenario.ts";
import { processCpuMs, type ServerUnderTest } from "../lib/server-process.ts";
import { Counter, formatSummary, ms, Samples } from "../lib/stats.ts";
import { listen, type StompListener } from "../lib/stomp-listener.ts";
import { seatGuest, signIn } from "../lib/venue.ts";

const DEMO_PASSWORD = "demo1234";
const DEMO_VENUE: VenueSetup = {
  name: "Demo Taverna",
  cooks: ["kitchen", "bar"].map((username) => ({ username, password: DEMO_PASSWORD })),
  tableCodes: Array.from({ length: 10 }, (_, i) => `demo-${i + 1}`),
};
const KITCHEN_QUEUE = "/user/queue/kitchen";
/** How long tickets may still arrive after the last order's response before they count as missing. */
const TICKET_GRACE_MS = 5_000;
/** An order unanswered this long counts as failed (status 0); the server may still take it. */
const ORDER_TIMEOUT_MS = 15_000;

interface Area {
  id: number;
  label: string;
  cookToken: string;
}

interface MenuProduct {
  id: number;
  name: string;
  areaId: number;
  wayIds: number[];
}

interface Guest {
  token: string;
  tableId: number;
  /** Its venue's products by preparation area. */
  byArea: MenuProduct[][];
}

/** One order sent, and what became of it. */
interface OrderTrack {
  measured: boolean;
  /** Which second of the measured window the schedule meant it for (0 = the first; negative in the warm-up). */
  secondOfRun: number;
  /** When the schedule meant it to start; later than that only if the client had to wait. */
  plannedAt: number;
  startedAt: number;
  respondedAt: number | null;
  status: number | null;
  /** Areas that must each receive exactly one ticket (known when the order is built). */
  areas: Set<number>;
  /** Tickets received per area. */
  received: Map<number, number>;
}

/**
 * Guests at the demo's tables (and those of --venues - 1 more venues like it) order at a fixed
 * rate while each venue's Kitchen and Bar cooks listen on their queue; each ticket's delivery is
 * timed from just before its order's HTTP request began to the moment the cook's STOMP MESSAGE arrived.
 */
export const orderToKitchen: Scenario = {
  name: "order-to-kitchen",
  description:
    "guests send orders at --rate/s to --tables tables (--guests-per-table each) of the demo venue, and of " +
    "--venues - 1 more made like it, for --warmup + --duration s; each venue's cooks of Kitchen and Bar listen; " +
    "reports order throughput, HTTP latency and order-to-kitchen delivery latency",
  run: ({ server, options, log }) =>
    measureOrderToKitchen({
      scenario: "order-to-kitchen",
      orderServer: server,
      kitchenServer: server,
      options,
      venues: options.venues,
      log,
    }),
};

/**
 * The measurement behind order-to-kitchen and two-instances: guests' orders (and every other
 * HTTP call) go to `orderServer`, the cooks (and the cashier with --cash-desk) listen on
 * `kitchenServer`'s WebSocket. With two instances a ticket crosses the event bus between them.
 */
export async function measureOrderToKitchen({
  scenario,
  orderServer,
  kitchenServer,
  options,
  venues = 1,
  log,
  cookHeartbeatMs = 0,
}: {
  /** Names the result (its title and `data.scenario`). */
  scenario: string;
  orderServer: ServerUnderTest;
  kitchenServer: ServerUnderTest;
  options: BenchOptions;
  /** The demo venue and venues - 1 more made like it (lib/extra-venues.ts), the guests spread over them. */
  venues?: number;
  log: (line: string) => void;
  /** Heart-beats the cooks' screens ask (the subscribers scenario asks the web app's 10 s); 0: none. */
  cookHeartbeatMs?: number;
}): Promise<ScenarioResult> {
  const http = new HttpClient(orderServer.baseUrl, { maxSockets: options.maxInFlight });
  const instances = [...new Set([orderServer, kitchenServer])];
  const listeners: StompListener[] = [];
  let pgStats: PgStats | null = null;
  const random = seededRandom(options.seed);
  // Notes carry "<tag>-<seq>": the tag keeps this run's tickets apart from anyone else's.
  const tag = `b${Math.random().toString(36).slice(2, 6)}`;
  const markerPattern = new RegExp(`^${tag}-(\\d+)$`);
  const orders = new Map<number, OrderTrack>();
  const delivery = new Samples();
  const deliveryFromPlan = new Samples();
  // By area name: every venue's Kitchen together.
  const deliveryByArea = new Map<string, Samples>();
  // By second of the run: whether the tail is a few bad moments (a pause, a checkpoint) or spread evenly.
  const deliveryBySecond = new Map<number, Samples>();
  const httpLatency = new Samples();
  const statuses = new Counter<string>();
  const failures = new Counter<string>();
  let duplicates = 0;
  let misrouted = 0;
  let unexpected = 0;
  let foreignTickets = 0;
  let ticketsBeforeResponse = 0;
  let measuredTickets = 0;

  try {
    if (options.tables > DEMO_VENUE.tableCodes.length) {
      throw new Error(`the demo venue has ${DEMO_VENUE.tableCodes.length} tables; use --guests-per-table for more guests`);
    }
    let setups = [DEMO_VENUE];
    if (venues > 1) {
      if (!orderServer.operatorLink) throw new Error("--venues above 1 needs a server the bench started with an operator");
      const started = performance.now();
      setups = [
        DEMO_VENUE,
        ...(await extraVenues({
          http,
          operatorLink: orderServer.operatorLink,
          count: venues - 1,
          demoAdmin: { username: "admin", password: DEMO_PASSWORD },
        })),
      ];
      log(`${venues} venues ready (${venues - 1} made through the API in ${ms(performance.now() - started)})`);
    }

    // --- cooks: sign in, learn their area, listen -----------------------------------------
    // Area ids are the platform's, so a ticket reaching another venue's cook counts as misrouted.
    const areasByVenue = await Promise.all(
      setups.map(async (venue) => {
        const areas: Area[] = [];
        for (const cook of venue.cooks) {
          const cookToken = await signIn(http, cook.username, cook.password).catch((error: Error) => {
            throw new Error(`${error.message} (is the venue "${venue.name}" there?)`);
          });
          const feed = expectOk(await http.get("/api/feed/kitchen", cookToken), `kitchen feed of "${cook.username}"`).body;
          areas.push({ id: feed.id, label: feed.label, cookToken });
        }
        return areas;
      }),
    );
    const areas = areasByVenue.flat();
    const areaLabel = new Map(areas.map((a) => [a.id, a.label]));
    const areaVenue = new Map(areasByVenue.flatMap((list, v) => list.map((a) => [a.id, v])));
    // Measured tickets each venue's cooks received: shows the load was spread.
    const ticketsByVenue = setups.map(() => 0);

    const onTicket = (areaId: number, body: any, arrivedAt: number) => {
      if (body?.type !== "TICKET_UPSERT") return;
      const seqs = new Set<number>();
      for (const line of body.ticket?.products ?? []) {
        const match = markerPattern.exec(String(line.notes ?? ""));
        if (match) seqs.add(Number(match[1]));
      }
      if (!seqs.size) {
        foreignTickets += 1;
        return;
      }
      for (const seq of seqs) {
        const track = orders.get(seq);
        if (!track?.areas.has(areaId)) {
          misrouted += 1;
          continue;
        }
        const count = (track.received.get(areaId) ?? 0) + 1;
        track.received.set(areaId, count);
        if (count > 1) {
          duplicates += 1;
          continue;
        }
        if (track.status !== null && (track.status < 200 || track.status >= 300)) unexpected += 1;
        const latency = arrivedAt - track.startedAt;
        // The warm-up's seconds too, to see how long a cold server takes to catch up.
        const inSecond = deliveryBySecond.get(track.secondOfRun) ?? new Samples();
        deliveryBySecond.set(track.secondOfRun, inSecond);
        inSecond.add(latency);
        if (!track.measured) continue;
        delivery.add(latency);
        deliveryFromPlan.add(arrivedAt - track.plannedAt);
        const label = areaLabel.get(areaId) ?? String(areaId);
        const perArea = deliveryByArea.get(label) ?? new Samples();
        deliveryByArea.set(label, perArea);
        perArea.add(latency);
        measuredTickets += 1;
        ticketsByVenue[areaVenue.get(areaId) ?? 0] += 1;
        if (track.respondedAt === null) ticketsBeforeResponse += 1;
      }
    };
    for (const area of areas) {
      listeners.push(
        await listen({
          wsUrl: kitchenServer.wsUrl,
          token: area.cookToken,
          destination: KITCHEN_QUEUE,
          heartbeatMs: cookHeartbeatMs,
          onMessage: (body, arrivedAt) => onTicket(area.id, body, arrivedAt),
        }),
      );
    }
    log(
      `cooks listening: ${areasByVenue[0].map((a) => `${a.label} (area ${a.id})`).join(", ")}` +
        `${venues > 1 ? `, and those of ${venues - 1} more venues (${areas.length} in all)` : ""}`,
    );
    const cashier: CashierListening | null = options.cashDesk
      ? await listenAsCashier({ http, wsUrl: kitchenServer.wsUrl })
      : null;
    if (cashier) {
      listeners.push(...cashier.listeners);
      log("a cashier follows the cash-desk queues");
    }

    // --- guests: sign in anonymously and check in at the tables -----------------------------
    const guestsByVenue = await Promise.all(
      setups.map(async (venue, v) => {
        const seated: Omit<Guest, "byArea">[] = [];
        for (const code of venue.tableCodes.slice(0, options.tables)) {
          for (let g = 0; g < options.guestsPerTable; g++) {
            seated.push(await seatGuest(http, code));
          }
        }
        const menu = expectOk(await http.get(`/api/cq-table/${seated[0].tableId}/menu`, seated[0].token), `menu of ${venue.name}`)
          .body as any[];
        const products: MenuProduct[] = menu
          .flatMap((category) => category.products ?? [])
          .filter((p: any) => p.active !== false && areaLabel.has(p.preparationAreaId))
          .map((p: any) => ({
            id: p.id,
            name: p.name,
            areaId: p.preparationAreaId,
            wayIds: (p.preparationWays ?? []).map((w: any) => w.id),
          }));
        const byArea = areasByVenue[v]
          .map((area) => products.filter((p) => p.areaId === area.id))
          .filter((list) => list.length > 0);
        if (!byArea.length) throw new Error(`the menu of ${venue.name} has no product prepared in its cooks' areas`);
        return seated.map((guest) => ({ ...guest, byArea }));
      }),
    );
    // Venue by venue in turn, so consecutive orders go to different venues.
    const guests: Guest[] = guestsByVenue[0].flatMap((_, i) => guestsByVenue.map((list) => list[i]));
    log(
      `${guests.length} guests seated at ${options.tables} tables${venues > 1 ? ` of each of ${venues} venues` : ""}; ` +
        `menu${venues > 1 ? " of the demo venue" : ""}: ${guestsByVenue[0][0].byArea
          .map((list) => `${list.length} ${areaLabel.get(list[0].areaId)}`)
          .join(", ")} products`,
    );

    /** 1-3 lines of the guest's venue, each from a random area (so orders mix Kitchen and Bar), no product twice. */
    const buildOrder = (seq: number, { byArea }: Guest) => {
      const count = 1 + Math.floor(random() * 3);
      const chosen = new Map<number, MenuProduct>();
      for (let attempt = 0; chosen.size < count && attempt < 10; attempt++) {
        const pool = byArea[Math.floor(random() * byArea.length)];
        const product = pool[Math.floor(random() * pool.length)];
        chosen.set(product.id, product);
      }
      const lines = [...chosen.values()].map((product) => ({
        id: product.id,
        quantity: 1 + Math.floor(random() * 2),
        notes: `${tag}-${seq}`,
        ...(product.wayIds.length && random() < 0.5
          ? { preparationWay: product.wayIds[Math.floor(random() * product.wayIds.length)] }
          : {}),
      }));
      return { lines, areas: new Set([...chosen.values()].map((p) => p.areaId)) };
    };

    // --- load ---------------------------------------------------------------------------
    const warmupOrders = Math.floor(options.warmupSec * options.rate);
    const LOOP_RESOLUTION_MS = 5;
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    let windowStart = 0;
    let clientCpuStart = process.cpuUsage();
    let serverCpuStart: (number | null)[] = [];
    let machineStart = machineCpu();
    // A local PostgreSQL's backends are processes of their own; their CPU is the database's share.
    const watchPostgres = orderServer.database === "postgres";
    let postgresCpuStart: number | null = null;
    const loadBefore = loadAverage();
    let lastMeasuredResponse = 0;
    let lastMeasuredStart = 0;
    log(
      `sending ${options.rate} orders/s: ${options.warmupSec} s warm-up, then ${options.durationSec} s measured ` +
        `(at most ${options.maxInFlight} requests under way)`,
    );

    if (options.pgStats && orderServer.databaseUrl) {
      pgStats = await PgStats.connect(orderServer.databaseUrl);
      await pgStats.begin();
    }
    const report = await runOpenLoop({
      rate: options.rate,
      durationMs: (options.warmupSec + options.durationSec) * 1000,
      maxInFlight: options.maxInFlight,
      // Keeps a saturated run near a minute: what is still waiting then is reported as never sent.
      drainTimeoutMs: 15_000,
      task: async (seq, plannedAt) => {
        const measured = seq >= warmupOrders;
        if (seq === warmupOrders) {
          windowStart = performance.now();
          clientCpuStart = process.cpuUsage();
          serverCpuStart = instances.map((server) => (server.pid ? processCpuMs(server.pid) : null));
          machineStart = machineCpu();
          postgresCpuStart = watchPostgres ? commandCpuMs("postgres") : null;
          loop.enable();
        }
        const guest = guests[seq % guests.length];
        const order = buildOrder(seq, guest);
        const track: OrderTrack = {
          measured,
          secondOfRun: Math.floor((seq - warmupOrders) / options.rate),
          plannedAt,
          startedAt: 0,
          respondedAt: null,
          status: null,
          areas: order.areas,
          received: new Map(),
        };
        orders.set(seq, track);
        track.startedAt = performance.now();
        if (measured) lastMeasuredStart = track.startedAt;
        const response = await http.request("POST", `/api/orders/${guest.tableId}`, {
          token: guest.token,
          body: order.lines,
          headers: { "idempotency-key": randomUUID() },
          timeoutMs: ORDER_TIMEOUT_MS,
        });
        track.respondedAt = performance.now();
        track.status = response.status;
        const when = measured ? "" : "(warm-up) ";
        if (response.status < 200 || response.status >= 300) {
          failures.add(`${when}${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
        } else if ((response.body?.ticketIds ?? []).length !== order.areas.size) {
          failures.add(`${when}2xx with ${response.body?.ticketIds?.length} tickets for ${order.areas.size} areas`);
        }
        if (!measured) return;
        lastMeasuredResponse = track.respondedAt;
        httpLatency.add(track.respondedAt - track.startedAt);
        statuses.add(String(response.status || "no response"));
      },
    });
    loop.disable();
    const windowEnd = lastMeasuredResponse || performance.now();
    const clientCpu = process.cpuUsage(clientCpuStart);
    const serverCpuEnd = instances.map((server) => (server.pid ? processCpuMs(server.pid) : null));
    const machine = machineUsage(machineStart, machineCpu(), windowEnd - windowStart);
    const postgresCpuEnd = watchPostgres ? commandCpuMs("postgres") : null;

    // --- wait for the last tickets ------------------------------------------------------
    const outstanding = () => {
      let n = 0;
      for (const track of orders.values()) {
        if (track.status === null || track.status < 200 || track.status >= 300) continue;
        for (const area of track.areas) if (!track.received.get(area)) n += 1;
      }
      return n;
    };
    const graceEnd = performance.now() + TICKET_GRACE_MS;
    while (outstanding() > 0 && performance.now() < graceEnd) await new Promise((r) => setTimeout(r, 50));
    // A short pause more, so duplicates sent right after the last ticket are seen too.
    await new Promise((r) => setTimeout(r, 250));
    const okOrdersAll = [...orders.values()].filter((t) => t.status !== null && t.status >= 200 && t.status < 300).length;
    const pgWork: PgWork | null = pgStats ? await pgStats.end(okOrdersAll) : null;

    // --- figures ------------------------------------------------------------------------
    let measuredOrders = 0;
    let okOrders = 0;
    let unanswered = 0;
    let expected = 0;
    let receivedOnce = 0;
    let expectedAll = 0;
    let missingAll = 0;
    for (const track of orders.values()) {
      const ok = track.status !== null && track.status >= 200 && track.status < 300;
      if (ok) {
        expectedAll += track.areas.size;
        for (const area of track.areas) if (!track.received.get(area)) missingAll += 1;
      }
      if (!track.measured) continue;
      measuredOrders += 1;
      if (track.status === null) unanswered += 1;
      if (!ok) continue;
      okOrders += 1;
      expected += track.areas.size;
      for (const area of track.areas) if (track.received.get(area)) receivedOnce += 1;
    }
    const missing = expected - receivedOnce;
    const windowSec = (windowEnd - windowStart) / 1000;
    // Orders started per second over the span they were started in (one interval added for the last).
    const sentPerSec = measuredOrders / ((lastMeasuredStart - windowStart) / 1000 + 1 / options.rate);
    const okPerSec = windowSec > 0 ? okOrders / windowSec : Number.NaN;
    const lag = report.startLag.summary();
    // The histogram holds whole timer periods; what matters is the delay beyond the sampling interval.
    const loopP99 = loop.count ? Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS) : Number.NaN;
    const loopMax = loop.count ? Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS) : Number.NaN;
    const clientCpuPct = ((clientCpu.user + clientCpu.system) / 1000 / (windowSec * 1000)) * 100;
    const serverCpuPcts = instances.map((_, i) => {
      const [start, end] = [serverCpuStart[i], serverCpuEnd[i]];
      return start != null && end !== null ? ((end - start) / (windowSec * 1000)) * 100 : null;
    });
    // Of every instance together; null when one of them cannot be read (e.g. a server driven with --url).
    const serverCpuPct = serverCpuPcts.every((pct) => pct !== null)
      ? serverCpuPcts.reduce((sum, pct) => sum + (pct ?? 0), 0)
      : null;
    const postgresCpuPct =
      postgresCpuStart !== null && postgresCpuEnd !== null
        ? ((postgresCpuEnd - postgresCpuStart) / (windowSec * 1000)) * 100
        : null;
    // Per order, so comparable across rates and less sensitive to the machine's load than throughput.
    const serverCpuMsPerOrder =
      serverCpuPct === null || okOrders === 0 ? null : ((serverCpuPct / 100) * (windowSec * 1000)) / okOrders;
    const otherCpuPct = machine ? machine.busyPct - clientCpuPct - (serverCpuPct ?? 0) - (postgresCpuPct ?? 0) : null;
    const cores = os.cpus().length;
    const deliverySummary = delivery.summary();
    const httpSummary = httpLatency.summary();

    const warnings: string[] = [];
    const notStarted = report.scheduled - report.started;
    if (notStarted > 0) warnings.push(`${notStarted} orders were never sent: the server did not keep up and the run ended`);
    if (report.queuedForSlot > 0) {
      warnings.push(
        `the server did not keep up: ${report.queuedForSlot} orders waited because ${options.maxInFlight} requests were ` +
          `already under way; "from planned send time" includes that wait`,
      );
    } else if (lag.p99 > 10) {
      warnings.push(`client fell behind: order start lag p99 ${ms(lag.p99)} against the schedule`);
    }
    if (loopP99 > 10) warnings.push(`client event loop delay p99 ${ms(loopP99)}: the client may have distorted latencies`);
    if (missing > 0) warnings.push(`${missing} tickets never reached their cook within ${TICKET_GRACE_MS / 1000} s`);
    if (duplicates > 0) warnings.push(`${duplicates} tickets were delivered more than once`);
    if (misrouted > 0) warnings.push(`${misrouted} tickets reached a cook of another area or matched no order`);
    if (unexpected > 0) {
      warnings.push(`${unexpected} tickets arrived for orders whose request failed (e.g. the client gave up waiting)`);
    }
    if (okOrders < measuredOrders) {
      warnings.push(`${measuredOrders - okOrders} measured orders failed or were unanswered; see "failures"`);
    }
    for (const listener of listeners) warnings.push(...listener.problems);
    const serverProblems = instances.flatMap((server) => server.logProblems());
    if (serverProblems.length)
      warnings.push(`server logged ${serverProblems.length} warnings/errors, first: ${serverProblems[0].slice(0, 300)}`);

    const p99BySecond = [...deliveryBySecond.entries()]
      .map(([second, samples]) => ({ second, p99: samples.percentile(99) }))
      .sort((a, b) => a.second - b.second);
    const warmupSeconds = p99BySecond.filter(({ second }) => second < 0);
    const secondsP99 = p99BySecond.filter(({ second }) => second >= 0).sort((a, b) => a.p99 - b.p99);
    const bySecond = secondsP99.length
      ? `p99 of each second: median ${ms(secondsP99[Math.floor((secondsP99.length - 1) / 2)].p99)} · ` +
        `worst ${secondsP99
          .slice(-3)
          .reverse()
          .map(({ second, p99 }) => `${ms(p99)} (second ${second + 1})`)
          .join(", ")}`
      : "none";

    const perArea: [string, string][] = [...deliveryByArea.entries()].map(([label, samples]) => [
      `  to ${label}`,
      formatSummary(samples.summary()),
    ]);

    return {
      title:
        `${scenario} · ${options.rate} orders/s · ${venues} venue${venues > 1 ? "s" : ""} × ${options.tables} tables × ` +
        `${options.guestsPerTable} guests · ` +
        `${orderServer.database} database${instances.length > 1 ? " · orders to instance A, cooks on instance B" : ""}` +
        `${options.cashDesk ? " · cash desk listening" : ""}`,
      sections: [
        {
          heading: "load",
          rows: [
            ["orders sent (measured)", `${measuredOrders} in ${options.durationSec} s (+ ${warmupOrders} warm-up, not counted)`],
            ["sending rate", `${sentPerSec.toFixed(1)} orders/s (target ${options.rate})`],
            ["achieved", `${okPerSec.toFixed(1)} orders/s answered 2xx (${okOrders} in ${windowSec.toFixed(2)} s)`],
            [
              "HTTP statuses",
              statuses
                .entries()
                .map(([s, n]) => `${s}: ${n}`)
                .join(", ") || "none",
            ],
            ["unanswered when the run ended", String(unanswered)],
          ],
        },
        {
          heading: "latency",
          rows: [
            ["HTTP order response", formatSummary(httpSummary, true)],
            ["order → kitchen (per ticket)", formatSummary(deliverySummary)],
            ...perArea,
            ["  by second of the run", bySecond],
            ...(warmupSeconds.length
              ? [["  warm-up, p99 by second", warmupSeconds.map(({ p99 }) => ms(p99)).join(", ")] as [string, string]]
              : []),
            ...(lag.p99 > 5 ? [["  from planned send time", formatSummary(deliveryFromPlan.summary())] as [string, string]] : []),
            ["tickets before HTTP response", `${ticketsBeforeResponse} of ${measuredTickets}`],
          ],
        },
        {
          heading: "delivery (exactly once)",
          rows: [
            ["tickets expected / received", `${expected} / ${receivedOnce}`],
            ["missing / duplicated", `${missing} / ${duplicates}`],
            ["misrouted / for failed orders", `${misrouted} / ${unexpected}`],
            ["whole run incl. warm-up", `${expectedAll - missingAll} of ${expectedAll} tickets delivered`],
            ["other tickets seen", String(foreignTickets)],
            ...(venues > 1
              ? [
                  [
                    "received per venue",
                    `fewest ${Math.min(...ticketsByVenue)} · most ${Math.max(...ticketsByVenue)} (${venues} venues)`,
                  ] as [string, string],
                ]
              : []),
          ],
        },
        {
          heading: "client health",
          rows: [
            ["order start lag vs schedule", formatSummary(lag)],
            ["waited for a request slot", `${report.queuedForSlot} (peak ${report.peakInFlight} under way)`],
            ["client event loop delay", `p99 ${ms(loopP99)} · max ${ms(loopMax)}`],
            [
              "CPU (100% = one core)",
              `client ${clientCpuPct.toFixed(0)}%` +
                (serverCpuPct === null
                  ? ""
                  : instances.length > 1
                    ? ` · servers A ${serverCpuPcts[0]?.toFixed(0)}% + B ${serverCpuPcts[1]?.toFixed(0)}%`
                    : ` · server ${serverCpuPct.toFixed(0)}%`) +
                (postgresCpuPct === null ? "" : ` · postgres ${postgresCpuPct.toFixed(0)}%`) +
                (machine && otherCpuPct !== null
                  ? ` · everything else ${Math.max(0, otherCpuPct).toFixed(0)}% · stolen ${machine.stealPct.toFixed(0)}% (of ${cores * 100}%)`
                  : ""),
            ],
            ["server CPU per order", serverCpuMsPerOrder === null ? "n/a" : ms(serverCpuMsPerOrder, 3)],
            ["load average before", loadBefore],
          ],
        },
        ...(pgWork ? [pgWorkSection(pgWork)] : []),
        ...(cashier ? [cashier.section()] : []),
        ...(failures.total()
          ? [
              {
                heading: "failures",
                rows: failures
                  .entries()
                  .slice(0, 10)
                  .map(([k, n]) => [k, String(n)] as [string, string]),
              },
            ]
          : []),
      ],
      warnings,
      data: {
        scenario,
        database: orderServer.database,
        venues,
        options,
        orders: {
          measured: measuredOrders,
          ok: okOrders,
          unanswered,
          warmup: warmupOrders,
          sentPerSec,
          okPerSec,
          statuses: statuses.entries(),
        },
        httpLatencyMs: httpSummary,
        deliveryLatencyMs: deliverySummary,
        deliveryFromPlannedMs: deliveryFromPlan.summary(),
        deliveryP99BySecondMs: p99BySecond,
        deliveryByAreaMs: Object.fromEntries([...deliveryByArea].map(([label, s]) => [label, s.summary()])),
        tickets: {
          expected,
          received: receivedOnce,
          missing,
          duplicates,
          misrouted,
          unexpected,
          beforeResponse: ticketsBeforeResponse,
          receivedByVenue: ticketsByVenue,
        },
        client: {
          startLagMs: lag,
          queuedForSlot: report.queuedForSlot,
          peakInFlight: report.peakInFlight,
          loopP99Ms: loopP99,
          cpuPct: clientCpuPct,
        },
        serverCpuPct,
        serverCpuMsPerOrder,
        ...(pgWork ? { pgWork } : {}),
        ...(instances.length > 1 ? { serverCpuPctByInstance: serverCpuPcts } : {}),
        postgresCpuPct,
        machine: machine ? { ...machine, otherPct: otherCpuPct, cores, loadBefore } : null,
      },
    };
  } finally {
    await Promise.allSettled(listeners.map((l) => l.close()));
    await pgStats?.close();
    http.close();
  }
}

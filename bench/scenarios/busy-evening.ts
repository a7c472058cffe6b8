import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type CashierListening, listenAsCashier } from "../lib/cashier.ts";
import { expectOk, HttpClient } from "../lib/http-client.ts";
import { loadAverage } from "../lib/machine.ts";
import { runSchedule } from "../lib/open-loop.ts";
import type { BenchContext, BenchOptions, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { seededRandom } from "../lib/scenario.ts";
import { processCpuMs } from "../lib/server-process.ts";
import { Counter, formatSummary, ms, Samples } from "../lib/stats.ts";
import { listen, type StompListener } from "../lib/stomp-listener.ts";
import { seatGuest, signIn } from "../lib/venue.ts";

const ADMIN = { username: "admin", password: "demo1234" };
const DEMO_COOKS = ["kitchen", "bar"];
const STAFF_PASSWORD = "bench1234";
const TABLES = 40;
const WAITERS = 5;
const EVENING_MIN = 120;
const KITCHEN_QUEUE = "/user/queue/kitchen";
const WAITER_QUEUE = "/user/queue/waiter";
const TICKET_GRACE_MS = 5_000;
const ORDER_TIMEOUT_MS = 15_000;
/** Demo products that go to the new Grill (the demo's grilled dishes). */
const GRILL_NAMES = /σουβλάκι|μπιφτέκι|σχάρας|κεφτεδάκια|souvlaki|burger|grill/i;

type Course = "drinks" | "starters" | "mains" | "refill" | "desserts" | "coffee";

/**
 * The rounds a table orders after it sits down (simulated minutes after arrival, with jitter), the
 * share of guests who order in it and how many lines each of them sends.
 */
const ROUNDS: { course: Course; afterMin: number; jitterMin: number; share: number; lines: [number, number] }[] = [
  { course: "drinks", afterMin: 3, jitterMin: 2, share: 0.9, lines: [1, 2] },
  { course: "starters", afterMin: 10, jitterMin: 3, share: 0.6, lines: [1, 3] },
  { course: "mains", afterMin: 22, jitterMin: 4, share: 0.95, lines: [1, 4] },
  { course: "refill", afterMin: 40, jitterMin: 6, share: 0.5, lines: [1, 2] },
  { course: "desserts", afterMin: 55, jitterMin: 6, share: 0.5, lines: [1, 2] },
  { course: "coffee", afterMin: 65, jitterMin: 6, share: 0.6, lines: [1, 2] },
];

interface Area {
  id: number;
  label: string;
  cookToken: string;
}

interface Product {
  id: number;
  areaId: number;
  wayIds: number[];
  extraIds: number[];
}

interface Guest {
  token: string;
  tableId: number;
}

/** One planned guest order and what became of it. */
interface OrderTrack {
  course: Course;
  plannedAt: number;
  startedAt: number;
  respondedAt: number | null;
  status: number | null;
  /** Areas that must each receive exactly one ticket. */
  areas: Set<number>;
  /** Distinct tickets received per area. */
  received: Map<number, number>;
}

interface TicketSeen {
  areaId: number;
  upserts: number;
  prepareSent: boolean;
}

const defaultCompress = (options: BenchOptions) => options.compress ?? 60;

/**
 * A busy evening: 40 tables (the demo's 10 plus 30 made for the run), three preparation areas
 * (Kitchen, Bar and a new Grill), five waiters and the three cooks on WebSocket. Tables arrive
 * along an evening curve and order in rounds (drinks, starters, mains, a refill, desserts, coffee)
 * over two simulated hours, compressed by --compress; the cooks prepare each ticket after a short
 * random delay. Reports order-to-display latency per area and whether every ticket reached its
 * area exactly once.
 */
export const busyEvening: Scenario = {
  name: "busy-evening",
  description:
    "40 tables ordering in rounds over a 2 h evening compressed by --compress (default 60, about 2 min), " +
    "Kitchen, Bar and Grill cooks and 5 waiters on WebSocket; order-to-display latency per area and exactly-once delivery " +
    "(uses --seed, --concurrency, --compress; no warm-up)",
  budgetSec: (options) => (EVENING_MIN * 60) / defaultCompress(options) + 180,
  async run({ server, options, log }: BenchContext): Promise<ScenarioResult> {
    const compress = defaultCompress(options);
    const msPerEveningMin = 60_000 / compress;
    const http = new HttpClient(server.baseUrl, { maxSockets: options.maxInFlight });
    const listeners: StompListener[] = [];
    const timers = new Set<NodeJS.Timeout>();
    const random = seededRandom(options.seed);
    // The cooks' delays draw from their own sequence, so the orders stay the same from run to run.
    const cookRandom = seededRandom(options.seed + 1);
    const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const tag = `e${Math.random().toString(36).slice(2, 6)}`;
    const markerPattern = new RegExp(`^${tag}-(\\d+)$`);

    try {
      // --- venue: 40 tables, a Grill, 5 waiters ----------------------------------------------
      const admin = await signIn(http, ADMIN.username, ADMIN.password);
      const existing = (expectOk(await http.get("/api/crm/tables", admin), "table list").body as any[]).filter(
        (t) => t.onService !== false,
      );
      const tables: { id: number; code: string }[] = existing.slice(0, TABLES).map((t) => ({ id: t.id, code: t.code }));
      for (let i = tables.length; i < TABLES; i++) {
        const created = expectOk(
          await http.post(
            "/api/crm/tables",
            { label: `Evening ${tag} ${i + 1}`, code: `${tag}-t${i + 1}`, waiterIds: [], onService: true },
            admin,
          ),
          "table creation",
        ).body;
        tables.push({ id: created.id, code: created.code });
      }

      const areaList = expectOk(await http.get("/api/crm/preparation-areas", admin), "area list").body as any[];
      const grillName = areaList.some((a) => a.name === "Grill") ? `Grill ${tag}` : "Grill";
      const grillLogin = `grill-${tag}`;
      const grill = expectOk(
        await http.post(
          "/api/crm/preparation-area",
          { name: grillName, username: grillLogin, password: STAFF_PASSWORD, printerIp: null },
          admin,
        ),
        "Grill creation",
      ).body;

      const catalogue = expectOk(await http.get("/api/crm/products", admin), "product catalogue").body as any[];
      // The demo names it in Greek; a database seeded before that still says "Kitchen".
      const kitchenAreaId = areaList.find((a) => a.name === "Κουζίνα" || a.name === "Kitchen")?.id;
      const kitchenProducts = catalogue
        .flatMap((c) => c.products ?? [])
        .filter((p: any) => p.preparationAreaId === kitchenAreaId);
      let toGrill = kitchenProducts.filter((p: any) => GRILL_NAMES.test(p.name));
      if (toGrill.length < 2) toGrill = kitchenProducts.slice(0, 3);
      for (const product of toGrill) {
        const body = expectOk(await http.get(`/api/crm/product/${product.id}`, admin), `product ${product.id}`).body;
        expectOk(
          await http.request("PUT", `/api/crm/product/${product.id}`, {
            token: admin,
            body: { ...body, preparationAreaId: grill.id },
          }),
          `moving product ${product.id} to the Grill`,
        );
      }

      const waiterTables = Array.from({ length: WAITERS }, (_, w) => tables.filter((_, i) => i % WAITERS === w).map((t) => t.id));
      const waiterLogins: string[] = [];
      for (let w = 0; w < WAITERS; w++) {
        const userName = `waiter-${tag}-${w + 1}`;
        expectOk(
          await http.post(
            "/api/crm/waiter",
            { firstName: "Bench", lastName: `Waiter ${w + 1}`, userName, password: STAFF_PASSWORD, tableIds: waiterTables[w] },
            admin,
          ),
          `waiter ${userName}`,
        );
        waiterLogins.push(userName);
      }
      log(
        `venue: ${tables.length} tables (${TABLES - existing.slice(0, TABLES).length} new), area "${grillName}" ` +
          `with ${toGrill.length} products moved from Kitchen, ${WAITERS} waiters`,
      );

      // --- listeners: 3 cooks, 5 waiters ----------------------------------------------------
      const areas: Area[] = [];
      for (const [login, password] of [...DEMO_COOKS.map((c) => [c, ADMIN.password]), [grillLogin, STAFF_PASSWORD]]) {
        const cookToken = await signIn(http, login, password);
        const feed = expectOk(await http.get("/api/feed/kitchen", cookToken), `kitchen feed of "${login}"`).body;
        areas.push({ id: feed.id, label: feed.label, cookToken });
      }
      const areaById = new Map(areas.map((a) => [a.id, a]));

      const orders: OrderTrack[] = [];
      const tickets = new Map<number, TicketSeen>();
      const deliveryByArea = new Map<number, Samples>(areas.map((a) => [a.id, new Samples()]));
      const delivery = new Samples();
      let duplicates = 0;
      let repeatedUpserts = 0;
      let updatesAfterPrepare = 0;
      let misrouted = 0;
      let foreignTickets = 0;
      let removals = 0;
      const prepareStatuses = new Counter<string>();
      let loadRunning = true;

      const prepareLater = (area: Area, ticketId: number) => {
        // A cook takes 1-8 simulated minutes to a ticket.
        const delay = (1 + cookRandom() * 7) * msPerEveningMin;
        const timer = setTimeout(async () => {
          timers.delete(timer);
          const seen = tickets.get(ticketId);
          if (seen) seen.prepareSent = true;
          const response = await http.post(`/api/feed/kitchen/ticket/${ticketId}/prepare`, {}, area.cookToken);
          prepareStatuses.add(String(response.status || "no response"));
        }, delay);
        timers.add(timer);
      };

      const onKitchen = (area: Area, body: any, arrivedAt: number) => {
        if (body?.type === "TICKET_REMOVED") {
          if (tickets.has(body.ticketId)) removals += 1;
          return;
        }
        if (body?.type !== "TICKET_UPSERT") return;
        const ticket = body.ticket;
        const seqs = new Set<number>();
        for (const line of ticket?.products ?? []) {
          const match = markerPattern.exec(String(line.notes ?? ""));
          if (match) seqs.add(Number(match[1]));
        }
        if (!seqs.size) {
          foreignTickets += 1;
          return;
        }
        const seen = tickets.get(ticket.id);
        if (seen) {
          seen.upserts += 1;
          if (seen.areaId !== area.id) misrouted += 1;
          else if (seen.prepareSent) updatesAfterPrepare += 1;
          else repeatedUpserts += 1;
          return;
        }
        tickets.set(ticket.id, { areaId: area.id, upserts: 1, prepareSent: false });
        for (const seq of seqs) {
          const track = orders[seq];
          if (!track?.areas.has(area.id)) {
            misrouted += 1;
            continue;
          }
          const count = (track.received.get(area.id) ?? 0) + 1;
          track.received.set(area.id, count);
          if (count > 1) {
            duplicates += 1;
            continue;
          }
          const latency = arrivedAt - track.startedAt;
          delivery.add(latency);
          deliveryByArea.get(area.id)?.add(latency);
        }
        if (loadRunning) prepareLater(area, ticket.id);
      };
      for (const area of areas) {
        listeners.push(
          await listen({
            wsUrl: server.wsUrl,
            token: area.cookToken,
            destination: KITCHEN_QUEUE,
            onMessage: (body, arrivedAt) => onKitchen(area, body, arrivedAt),
          }),
        );
      }

      const waiterMessages = new Counter<string>();
      const warnings: string[] = [];
      for (const login of waiterLogins) {
        try {
          const token = await signIn(http, login, STAFF_PASSWORD);
          listeners.push(
            await listen({
              wsUrl: server.wsUrl,
              token,
              destination: WAITER_QUEUE,
              onMessage: (body) => waiterMessages.add(String(body?.type ?? "other")),
            }),
          );
        } catch (error) {
          warnings.push(`waiter ${login} could not listen on ${WAITER_QUEUE}: ${(error as Error).message}`);
        }
      }
      log(`listening: cooks of ${areas.map((a) => `${a.label} (area ${a.id})`).join(", ")}; ${WAITERS} waiters`);
      const cashier: CashierListening | null = options.cashDesk ? await listenAsCashier({ http, wsUrl: server.wsUrl }) : null;
      if (cashier) {
        listeners.push(...cashier.listeners);
        log("a cashier follows the cash-desk queues");
      }

      // --- guests: 2-4 per table ----------------------------------------------------------
      const tableGuests: Guest[][] = await Promise.all(
        tables.map(async (table) => {
          const seated: Guest[] = [];
          const count = 2 + ((table.id * 7) % 3);
          for (let g = 0; g < count; g++) seated.push(await seatGuest(http, table.code));
          return seated;
        }),
      );
      const guestCount = tableGuests.reduce((n, list) => n + list.length, 0);

      // --- the menu by course -------------------------------------------------------------
      const first = tableGuests[0][0];
      const menu = expectOk(await http.get(`/api/cq-table/${first.tableId}/menu`, first.token), "menu").body as any[];
      const pools = new Map<Course, Product[]>();
      const add = (course: Course, product: Product) => pools.set(course, [...(pools.get(course) ?? []), product]);
      for (const category of menu) {
        const name = String(category.name);
        for (const p of category.products ?? []) {
          if (p.active === false || !areaById.has(p.preparationAreaId)) continue;
          const product: Product = {
            id: p.id,
            areaId: p.preparationAreaId,
            wayIds: (p.preparationWays ?? []).map((w: any) => w.id),
            extraIds: (p.extraIngredients ?? []).map((e: any) => e.id),
          };
          if (/ποτ|drink/i.test(name)) {
            const coffee = /espresso|cappuccino|καφέ|coffee/i.test(p.name);
            add(coffee ? "coffee" : "drinks", product);
            if (!coffee) add("refill", product);
          } else if (/ορεκτ|σαλάτ|starter|salad/i.test(name)) add("starters", product);
          else if (/κυρίως|main/i.test(name)) add("mains", product);
          else if (/επιδόρπ|dessert/i.test(name)) add("desserts", product);
          else add("mains", product);
        }
      }
      const anyProduct = [...pools.values()].flat();
      if (!anyProduct.length) throw new Error("the menu has no product prepared in the cooks' areas");
      const pool = (course: Course) => (pools.get(course)?.length ? (pools.get(course) as Product[]) : anyProduct);

      // --- the evening's plan -------------------------------------------------------------
      // Tables arrive over the first 70 simulated minutes, most around minute 25 (triangular).
      const arrival = () => {
        const u = random();
        const [a, c, b] = [0, 25, 70];
        return u < (c - a) / (b - a) ? a + Math.sqrt(u * (b - a) * (c - a)) : b - Math.sqrt((1 - u) * (b - a) * (b - c));
      };
      const plan: { atMin: number; guest: Guest; course: Course; lines: number }[] = [];
      for (const guests of tableGuests) {
        const sat = arrival();
        for (const round of ROUNDS) {
          const base = sat + round.afterMin + (random() * 2 - 1) * round.jitterMin;
          for (const guest of guests) {
            if (random() >= round.share) continue;
            const atMin = base + random() * 2;
            if (atMin < 0 || atMin >= EVENING_MIN) continue;
            plan.push({ atMin, guest, course: round.course, lines: between(...round.lines) });
          }
        }
      }
      plan.sort((x, y) => x.atMin - y.atMin);

      const buildOrder = (seq: number, course: Course, count: number) => {
        const chosen = new Map<number, Product>();
        for (let attempt = 0; chosen.size < count && attempt < 12; attempt++) {
          // With the mains, a guest often adds a drink.
          const from = course === "mains" && chosen.size > 0 && random() < 0.4 ? pool("drinks") : pool(course);
          const product = from[Math.floor(random() * from.length)];
          chosen.set(product.id, product);
        }
        const lines = [...chosen.values()].map((product) => ({
          id: product.id,
          quantity: 1 + (random() < 0.2 ? 1 : 0),
          notes: `${tag}-${seq}`,
          ...(product.wayIds.length && random() < 0.6
            ? { preparationWay: product.wayIds[Math.floor(random() * product.wayIds.length)] }
            : {}),
          ...(product.extraIds.length && random() < 0.3
            ? { extraIngredientIds: [product.extraIds[Math.floor(random() * product.extraIds.length)]] }
            : {}),
        }));
        return { lines, areas: new Set([...chosen.values()].map((p) => p.areaId)) };
      };

      // --- load ---------------------------------------------------------------------------
      const httpLatency = new Samples();
      const statuses = new Counter<string>();
      const failures = new Counter<string>();
      const startsPerSecond: number[] = [];
      const loadBefore = loadAverage();
      const serverCpuStart = server.pid ? processCpuMs(server.pid) : null;
      const clientCpuStart = process.cpuUsage();
      log(
        `${guestCount} guests at ${tables.length} tables; ${plan.length} orders over ${EVENING_MIN} simulated min, ` +
          `compressed ${compress}× into ${((EVENING_MIN * 60) / compress).toFixed(0)} s; load average ${loadBefore}`,
      );
      const t0 = performance.now();
      const report = await runSchedule({
        offsetsMs: plan.map((p) => p.atMin * msPerEveningMin),
        maxInFlight: options.maxInFlight,
        drainTimeoutMs: 15_000,
        task: async (seq, plannedAt) => {
          const { guest, course, lines } = plan[seq];
          const order = buildOrder(seq, course, lines);
          const track: OrderTrack = {
            course,
            plannedAt,
            startedAt: performance.now(),
            respondedAt: null,
            status: null,
            areas: order.areas,
            received: new Map(),
          };
          orders[seq] = track;
          const second = Math.floor((track.startedAt - t0) / 1000);
          startsPerSecond[second] = (startsPerSecond[second] ?? 0) + 1;
          const response = await http.request("POST", `/api/orders/${guest.tableId}`, {
            token: guest.token,
            body: order.lines,
            headers: { "idempotency-key": randomUUID() },
            timeoutMs: ORDER_TIMEOUT_MS,
          });
          track.respondedAt = performance.now();
          track.status = response.status;
          httpLatency.add(track.respondedAt - track.startedAt);
          statuses.add(String(response.status || "no response"));
          if (response.status < 200 || response.status >= 300) {
            failures.add(`${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
          } else if ((response.body?.ticketIds ?? []).length !== order.areas.size) {
            failures.add(`2xx with ${response.body?.ticketIds?.length} tickets for ${order.areas.size} areas`);
          }
        },
      });
      const loadEnd = performance.now();

      // --- wait for the last tickets ------------------------------------------------------
      const outstanding = () => {
        let n = 0;
        for (const track of orders) {
          if (!track || track.status === null || track.status < 200 || track.status >= 300) continue;
          for (const area of track.areas) if (!track.received.get(area)) n += 1;
        }
        return n;
      };
      const graceEnd = performance.now() + TICKET_GRACE_MS;
      while (outstanding() > 0 && performance.now() < graceEnd) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 250));
      loadRunning = false;
      for (const timer of timers) clearTimeout(timer);
      const wallSec = (loadEnd - t0) / 1000;
      const serverCpuEnd = server.pid ? processCpuMs(server.pid) : null;
      const clientCpu = process.cpuUsage(clientCpuStart);
      const loadAfter = loadAverage();

      // --- figures ------------------------------------------------------------------------
      const perArea = new Map(areas.map((a) => [a.id, { expected: 0, received: 0, missing: 0 }]));
      let sent = 0;
      let ok = 0;
      let unanswered = 0;
      let ticketsForFailed = 0;
      for (const track of orders) {
        if (!track) continue;
        sent += 1;
        if (track.status === null) unanswered += 1;
        if (track.status === null || track.status < 200 || track.status >= 300) {
          ticketsForFailed += track.received.size;
          continue;
        }
        ok += 1;
        for (const areaId of track.areas) {
          const figures = perArea.get(areaId);
          if (!figures) continue;
          figures.expected += 1;
          if (track.received.get(areaId)) figures.received += 1;
          else figures.missing += 1;
        }
      }
      let expected = 0;
      let received = 0;
      let missing = 0;
      for (const f of perArea.values()) {
        expected += f.expected;
        received += f.received;
        missing += f.missing;
      }
      const exactlyOnce =
        expected > 0 && missing === 0 && duplicates === 0 && repeatedUpserts === 0 && misrouted === 0 && ok === plan.length;
      const activeSeconds = startsPerSecond.filter((n) => n !== undefined);
      const peakPerSec = Math.max(0, ...activeSeconds);
      let peak10 = 0;
      for (let s = 0; s < startsPerSecond.length; s++) {
        let sum = 0;
        for (let k = s; k < s + 10 && k < startsPerSecond.length; k++) sum += startsPerSecond[k] ?? 0;
        peak10 = Math.max(peak10, sum / 10);
      }
      const meanPerSec = wallSec > 0 ? sent / wallSec : Number.NaN;
      const lag = report.startLag.summary();
      const serverCpuPct =
        serverCpuStart !== null && serverCpuEnd !== null ? ((serverCpuEnd - serverCpuStart) / (wallSec * 1000)) * 100 : null;
      const clientCpuPct = ((clientCpu.user + clientCpu.system) / 1000 / (wallSec * 1000)) * 100;
      const byCourse = new Counter<string>();
      for (const p of plan) byCourse.add(p.course);

      if (report.scheduled > report.started) warnings.push(`${report.scheduled - report.started} orders were never sent`);
      if (report.queuedForSlot > 0) warnings.push(`${report.queuedForSlot} orders waited for a request slot`);
      else if (lag.p99 > 10) warnings.push(`client fell behind: order start lag p99 ${ms(lag.p99)}`);
      if (missing > 0) warnings.push(`${missing} tickets never reached their cook within ${TICKET_GRACE_MS / 1000} s`);
      if (duplicates + repeatedUpserts > 0)
        warnings.push(`${duplicates + repeatedUpserts} tickets were delivered more than once`);
      if (misrouted > 0) warnings.push(`${misrouted} tickets reached a cook of another area or matched no order`);
      if (ok < plan.length) warnings.push(`${plan.length - ok} orders failed or were unanswered; see "failures"`);
      for (const listener of listeners) warnings.push(...listener.problems);
      const serverProblems = server.logProblems();
      if (serverProblems.length)
        warnings.push(`server logged ${serverProblems.length} warnings/errors, first: ${serverProblems[0].slice(0, 300)}`);

      const label = (id: number) => areaById.get(id)?.label ?? String(id);
      return {
        title: `busy-evening · ${tables.length} tables · ${guestCount} guests · ${areas.length} areas · ${WAITERS} waiters · ${compress}× compressed · ${server.database} database${options.cashDesk ? " · cash desk listening" : ""}`,
        sections: [
          {
            heading: "load",
            rows: [
              [
                "orders",
                `${sent} sent of ${plan.length} planned in ${wallSec.toFixed(1)} s (${byCourse
                  .entries()
                  .map(([c, n]) => `${c} ${n}`)
                  .join(", ")})`,
              ],
              ["orders/s", `mean ${meanPerSec.toFixed(1)} · peak ${peakPerSec} (1 s) · ${peak10.toFixed(1)} (10 s)`],
              [
                "HTTP statuses",
                statuses
                  .entries()
                  .map(([s, n]) => `${s}: ${n}`)
                  .join(", ") || "none",
              ],
              ["unanswered when the run ended", String(unanswered)],
              [
                "cooks' prepare calls",
                prepareStatuses
                  .entries()
                  .map(([s, n]) => `${s}: ${n}`)
                  .join(", ") || "none",
              ],
              ["tickets removed from feeds", String(removals)],
              [
                "waiter messages",
                waiterMessages.total()
                  ? waiterMessages
                      .entries()
                      .map(([t, n]) => `${t}: ${n}`)
                      .join(", ")
                  : "none",
              ],
            ],
          },
          {
            heading: "latency",
            rows: [
              ["HTTP order response", formatSummary(httpLatency.summary())],
              ["order → display (per ticket)", formatSummary(delivery.summary())],
              ...[...deliveryByArea].map(
                ([id, samples]) => [`  to ${label(id)}`, formatSummary(samples.summary())] as [string, string],
              ),
            ],
          },
          {
            heading: "delivery (exactly once)",
            rows: [
              ...[...perArea].map(
                ([id, f]) =>
                  [`${label(id)} expected / received / missing`, `${f.expected} / ${f.received} / ${f.missing}`] as [
                    string,
                    string,
                  ],
              ),
              ["all areas expected / received / missing", `${expected} / ${received} / ${missing}`],
              ["duplicated / misrouted", `${duplicates + repeatedUpserts} / ${misrouted}`],
              ["tickets for failed orders", String(ticketsForFailed)],
              ["updates after prepare (expected)", String(updatesAfterPrepare)],
              ["other tickets seen", String(foreignTickets)],
              ["every ticket reached its area exactly once", exactlyOnce ? "yes" : "no"],
            ],
          },
          {
            heading: "client health",
            rows: [
              ["order start lag vs schedule", formatSummary(lag)],
              ["waited for a request slot", `${report.queuedForSlot} (peak ${report.peakInFlight} under way)`],
              [
                "CPU (100% = one core)",
                `client ${clientCpuPct.toFixed(0)}%${serverCpuPct === null ? "" : ` · server ${serverCpuPct.toFixed(0)}%`}`,
              ],
              ["load average before / after", `${loadBefore} / ${loadAfter}`],
            ],
          },
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
          scenario: "busy-evening",
          database: server.database,
          options,
          tables: tables.length,
          guests: guestCount,
          orders: { planned: plan.length, sent, ok, unanswered, meanPerSec, peakPerSec, peak10PerSec: peak10 },
          statuses: statuses.entries(),
          httpLatencyMs: httpLatency.summary(),
          deliveryLatencyMs: delivery.summary(),
          deliveryByAreaMs: Object.fromEntries([...deliveryByArea].map(([id, s]) => [label(id), s.summary()])),
          tickets: {
            perArea: Object.fromEntries([...perArea].map(([id, f]) => [label(id), f])),
            duplicates: duplicates + repeatedUpserts,
            misrouted,
            updatesAfterPrepare,
            forFailedOrders: ticketsForFailed,
            exactlyOnce,
          },
          prepares: prepareStatuses.entries(),
          waiterMessages: waiterMessages.entries(),
          serverCpuPct,
          clientCpuPct,
          loadBefore,
          loadAfter,
        },
      };
    } finally {
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled(listeners.map((l) => l.close()));
      http.close();
    }
  },
};

import type { HttpClient } from "./http-client.ts";
import type { ResultSection } from "./scenario.ts";
import { Counter } from "./stats.ts";
import { listen, type StompListener } from "./stomp-listener.ts";
import { signIn } from "./venue.ts";

/** The queues a cash-desk screen follows (spec 3 §7.6). */
export const CASH_DESK_QUEUES = [
  "/user/queue/admin/cash-desk-status",
  "/user/queue/admin/cash-desk-tables",
  "/user/queue/admin/cash-desk-take-away",
  "/user/queue/admin/cash-desk-prep-areas",
  "/user/queue/admin/order-history",
] as const;

/** A cashier's screen listening during a run: what it received, per queue. */
export interface CashierListening {
  listeners: StompListener[];
  received: Counter<string>;
  section(): ResultSection;
}

/**
 * Signs the demo's cash desk in and subscribes to every cash-desk queue, as the cash-desk screen
 * does, so a run measures the order path while the server also renders the cashier's cards.
 */
export async function listenAsCashier(options: {
  http: HttpClient;
  wsUrl: string;
  username?: string;
  password?: string;
}): Promise<CashierListening> {
  const token = await signIn(options.http, options.username ?? "cashdesk", options.password ?? "demo1234");
  const received = new Counter<string>();
  const listeners: StompListener[] = [];
  for (const destination of CASH_DESK_QUEUES) {
    listeners.push(
      await listen({
        wsUrl: options.wsUrl,
        token,
        destination,
        onMessage: () => received.add(destination.replace("/user/queue/admin/", "")),
      }),
    );
  }
  return {
    listeners,
    received,
    section: () => ({
      heading: "cash desk listening",
      rows: CASH_DESK_QUEUES.map((queue) => {
        const name = queue.replace("/user/queue/admin/", "");
        return [`  ${name}`, `${received.get(name)} messages`] as [string, string];
      }),
    }),
  };
}

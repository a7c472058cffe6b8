import type { TableState } from "@tableorder/domain/contracts/table";
import { UI_LANGUAGES } from "@tableorder/domain/enums";
import type { Db } from "../../db/client.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadTableState } from "./table-state.ts";

/** Destination of a table's live state in one language (spec 1 §7). */
export const customerTopic = (lang: string, tableId: number) => `/topic/customer/${lang}/${tableId}`;

/** Destinations of a table's open waiter call and payment request (spec 1 §7). */
export const waiterCallTopic = (tableId: number) => `/topic/waiter-call/${tableId}`;
export const paymentRequestTopic = (tableId: number) => `/topic/payment-request/${tableId}`;

/**
 * Pushes a table's whole state to its guests whenever anything on the table changed, and which
 * waiter call and payment request are open on the spec's two small topics. Renders only the
 * languages someone on this instance is listening in.
 */
export function projectTableState(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== "table.changed") return;
    const tableId = Number(event.tableId);
    const languages = UI_LANGUAGES.filter((lang) => hub.hasSubscribers(customerTopic(lang, tableId)));
    const requestTopics = hub.hasSubscribers(waiterCallTopic(tableId)) || hub.hasSubscribers(paymentRequestTopic(tableId));
    if (!languages.length && !requestTopics) return;
    let state: TableState | null = null;
    for (const lang of languages.length ? languages : DEFAULT_LANGUAGES) {
      state = await loadTableState(db, tableId, lang);
      if (languages.includes(lang)) hub.send(customerTopic(lang, tableId), state);
    }
    if (state && requestTopics) {
      hub.send(waiterCallTopic(tableId), { requestId: state.callWaiterRequestId });
      // A payment that settled the guests' request tells them once with -1 (spec 1 §7).
      const requestId = event.paymentRequestCompleted ? -1 : state.activePaymentRequestId;
      // With -1 come the paid count and amount, when the payer told them (the success page shows them).
      const paid = typeof event.paymentRequestCompleted === "object" ? event.paymentRequestCompleted : {};
      hub.send(paymentRequestTopic(tableId), { requestId, ...paid });
    }
  };
}

const DEFAULT_LANGUAGES = [UI_LANGUAGES[0]];

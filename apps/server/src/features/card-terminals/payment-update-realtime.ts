import type { PaymentUpdateMessage } from "@tableorder/domain/contracts/card-terminals";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { PAYMENT_UPDATED } from "./terminal-sales.ts";

/** Where the end of a table's card-terminal sale is told (spec 2 §7); staff of the venue listen. */
export const paymentUpdateTopic = (tableId: number) => `/topic/payment-update/${tableId}`;

/** Where the cash desk hears the end of every terminal sale of its venue, a register sale's included. */
export const DESK_PAYMENT_UPDATE_QUEUE = "/user/queue/admin/payment-update";

/**
 * Pushes SUCCESS or FAILED to the screens waiting on a terminal sale, on every instance: on the
 * table's topic when the sale has a table, and always to the venue's cash desk (a register sale
 * may have no table to listen on).
 */
export function projectPaymentUpdates(hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== PAYMENT_UPDATED) return;
    const message: PaymentUpdateMessage = {
      status: event.status === "SUCCESS" ? "SUCCESS" : "FAILED",
      paymentId: Number(event.paymentId),
    };
    if (event.tableId != null) hub.send(paymentUpdateTopic(Number(event.tableId)), message);
    hub.sendToUsers(
      DESK_PAYMENT_UPDATE_QUEUE,
      (p) => p.retailerId === event.retailerId && (p.role === "ADMIN" || p.role === "CASH_DESK"),
      message,
    );
  };
}

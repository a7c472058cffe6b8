import type { PaymentUpdateMessage } from "@tableorder/domain/contracts/card-terminals";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { PAYMENT_UPDATED } from "./terminal-sales.ts";

/** Where the end of a table's card-terminal sale is told (spec 2 §7); staff of the venue listen. */
export const paymentUpdateTopic = (tableId: number) => `/topic/payment-update/${tableId}`;

/** Pushes SUCCESS or FAILED to the screens waiting on a table's terminal sale, on every instance. */
export function projectPaymentUpdates(hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== PAYMENT_UPDATED) return;
    const message: PaymentUpdateMessage = {
      status: event.status === "SUCCESS" ? "SUCCESS" : "FAILED",
      paymentId: Number(event.paymentId),
    };
    hub.send(paymentUpdateTopic(Number(event.tableId)), message);
  };
}

import type { tableRequestMessage } from "@tableorder/domain/contracts/table-requests";
import type { z } from "zod";
import { useRealtime } from "../../../lib/realtime.ts";

export interface CompletedPayment {
  paidProductCount: number | null;
  paidAmount: number | null;
}

/**
 * Calls back when the table's payment request is settled: the spec's payment request id -1 on
 * /topic/payment-request/{tableId}, with what was paid, sent once to every guest at the table so
 * each of them lands on the success page (spec 1 §5).
 */
export function usePaymentCompleted(tableId: number | null, onCompleted: (paid: CompletedPayment) => void): void {
  useRealtime(
    tableId === null ? null : `/topic/payment-request/${tableId}`,
    (body) => {
      const message = body as Partial<z.infer<typeof tableRequestMessage>> | null;
      if (message?.requestId !== -1) return;
      onCompleted({ paidProductCount: message.paidProductCount ?? null, paidAmount: message.paidAmount ?? null });
    },
    () => {},
  );
}

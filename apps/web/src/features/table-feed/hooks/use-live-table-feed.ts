import type { TableState } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { tableFeedQueryKey } from "../api/get-table-feed.ts";

/** Where the server pushes a table's whole state in one language (spec 1 §7). */
export const customerTopic = (lang: UiLanguage, tableId: number) => `/topic/customer/${lang}/${tableId}`;
/** Where a table's waiter call and payment request ids are pushed as {requestId} (spec 1 §7). */
export const waiterCallTopic = (tableId: number) => `/topic/waiter-call/${tableId}`;
export const paymentRequestTopic = (tableId: number) => `/topic/payment-request/${tableId}`;

type RequestField = "callWaiterRequestId" | "activePaymentRequestId";

/** The request id a topic message carries; -1 (payment completed) clears it like null. */
function requestIdOf(body: unknown): number | null | undefined {
  if (!body || typeof body !== "object" || !("requestId" in body)) return undefined;
  const value = (body as { requestId: unknown }).requestId;
  if (value === null) return null;
  if (typeof value !== "number") return undefined;
  return value < 0 ? null : value;
}

/**
 * Keeps the table's state live: each push replaces it; after every (re)connection it is fetched
 * again, so whatever happened while the phone was asleep or offline shows up.
 */
export function useLiveTableFeed(tableId: number | null, lang: UiLanguage): RealtimeStatus {
  const queryClient = useQueryClient();
  const setRequest = (field: RequestField) => (body: unknown) => {
    const requestId = requestIdOf(body);
    if (tableId === null || requestId === undefined) return;
    queryClient.setQueryData<TableState>(tableFeedQueryKey(tableId, lang), (state) =>
      state ? { ...state, [field]: requestId } : state,
    );
  };
  // Calls and payment requests also come on their own topics, so every guest's buttons follow them.
  useRealtime(tableId === null ? null : waiterCallTopic(tableId), setRequest("callWaiterRequestId"), () => {});
  useRealtime(tableId === null ? null : paymentRequestTopic(tableId), setRequest("activePaymentRequestId"), () => {});
  return useRealtime(
    tableId === null ? null : customerTopic(lang, tableId),
    (body) => {
      if (tableId === null || !body || typeof body !== "object") return;
      const queryKey = tableFeedQueryKey(tableId, lang);
      // A fetch that started before this push could land after it with older data: restart it.
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
      queryClient.setQueryData<TableState>(queryKey, body as TableState);
    },
    () => {
      if (tableId !== null) void queryClient.invalidateQueries({ queryKey: tableFeedQueryKey(tableId, lang) });
    },
  );
}

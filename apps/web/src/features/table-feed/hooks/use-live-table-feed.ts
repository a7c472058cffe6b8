import type { TableState } from "@tableorder/domain/contracts/table";
import type { Language } from "@tableorder/domain/enums";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { tableFeedQueryKey } from "../api/get-table-feed.ts";

/** Where the server pushes a table's whole state in one language (spec 1 §7). */
export const customerTopic = (lang: Language, tableId: number) => `/topic/customer/${lang}/${tableId}`;

/**
 * Keeps the table's state live: each push replaces it; after every (re)connection it is fetched
 * again, so whatever happened while the phone was asleep or offline shows up.
 */
export function useLiveTableFeed(tableId: number | null, lang: Language): RealtimeStatus {
  const queryClient = useQueryClient();
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

import type { RetailerInfo } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** The venue a table belongs to and the table's name. */
export function getRetailerInfo(tableId: number, signal?: AbortSignal): Promise<RetailerInfo> {
  return apiGet<RetailerInfo>(`/api/cq-table/${tableId}/retailer-info`, { signal });
}

/**
 * The venue above a guest's menu. The server's rendering of the menu page brings it (naming the
 * venue a QR code leads to needs no check-in); otherwise it is asked for once checked in.
 */
export function venueHeaderQueryOptions(tableId: number, lang: UiLanguage, enabled = true) {
  return queryOptions({
    queryKey: ["venue-header", tableId, lang],
    queryFn: ({ signal }) => getRetailerInfo(tableId, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // Switching the language keeps the venue shown until its texts in the other one arrive.
    placeholderData: keepPreviousData,
    meta: { readByAnyone: true },
  });
}

export function useVenueHeader(tableId: number, lang: UiLanguage, checkedIn: boolean) {
  return useQuery(venueHeaderQueryOptions(tableId, lang, checkedIn));
}

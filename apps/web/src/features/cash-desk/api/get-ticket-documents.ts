import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const ticketDocumentsQueryKey = (ticketId: number) => ["cash-desk", "documents", ticketId] as const;

/** GET api/orders/{ticketId}/invoices: the receipts and order slips issued for one sale. */
export function getTicketDocuments(ticketId: number, signal?: AbortSignal): Promise<FiscalDocument[]> {
  return apiGet<FiscalDocument[]>(`/api/orders/${ticketId}/invoices`, { signal, quiet: true });
}

export const ticketDocumentsQueryOptions = (ticketId: number) =>
  queryOptions({ queryKey: ticketDocumentsQueryKey(ticketId), queryFn: ({ signal }) => getTicketDocuments(ticketId, signal) });

export function useTicketDocuments(ticketId: number) {
  return useQuery(ticketDocumentsQueryOptions(ticketId));
}

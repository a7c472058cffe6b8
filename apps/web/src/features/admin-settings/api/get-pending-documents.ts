import type { PendingDocuments } from "@tableorder/domain/contracts/invoicing";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** How often the outage line is read again while the screen is open. */
const REFRESH_MS = 30_000;

/** GET api/admin/documents/pending: documents still waiting for AADE and the oldest one's age. */
export function usePendingDocuments() {
  return useQuery({
    queryKey: ["admin", "documents", "pending"],
    queryFn: ({ signal }) => apiGet<PendingDocuments>("/api/admin/documents/pending", { signal, quiet: true }),
    refetchInterval: REFRESH_MS,
  });
}

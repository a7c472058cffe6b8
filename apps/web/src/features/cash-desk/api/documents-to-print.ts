import type { DocumentsToPrint } from "@tableorder/domain/contracts/cash-desk";
import type { PrintClaimResponse } from "@tableorder/domain/contracts/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api-client.ts";
import { printScreenId } from "../../../lib/print/print-screen-id.ts";

export const documentsToPrintQueryKey = ["cash-desk", "documents-to-print"] as const;

/** The receipts, order slips and credit notes the till has not printed yet (issue 13). */
export function useDocumentsToPrint() {
  return useQuery(
    queryOptions({
      queryKey: documentsToPrintQueryKey,
      // Quiet: printing runs behind every tab; a failed read is tried again, never toasted.
      queryFn: ({ signal }) => apiGet<DocumentsToPrint>("/api/cash-desk/documents-to-print", { signal, quiet: true }),
    }),
  );
}

/** Asks to be the till that prints a document; rejects when the server cannot be asked. */
export async function claimDocumentPrint(documentId: number): Promise<boolean> {
  const response = await apiPost<PrintClaimResponse>(
    `/api/cash-desk/documents/${documentId}/print-claim`,
    { screenId: printScreenId() },
    { quiet: true },
  );
  return response.claimed;
}

/** Tells the server a document came out of the printer, so no till prints it again. */
export function markDocumentPrinted(documentId: number): Promise<unknown> {
  return apiPost(`/api/cash-desk/documents/${documentId}/printed`, undefined, { quiet: true });
}

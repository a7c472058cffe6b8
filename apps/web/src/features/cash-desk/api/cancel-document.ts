import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { ticketDocumentsQueryKey } from "./get-ticket-documents.ts";

/**
 * DELETE api/admin/documents/cancel/{documentId} (spec 3 §7.2): the document is cancelled by a new
 * one that points at it (documents are never edited). The popup shows a failure itself.
 */
export async function cancelDocument(documentId: number): Promise<void> {
  await apiFetch(`/api/admin/documents/cancel/${documentId}`, { method: "DELETE", quiet: true });
}

/** The sale's documents are read again: the cancelled one shows its badge, a credit note may join. */
export function useCancelDocument(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketDocumentsQueryKey(ticketId) }),
  });
}

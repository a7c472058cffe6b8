import type { RegisterReceiptRequest, RegisterReceiptResponse } from "@tableorder/domain/contracts/cash-desk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { apiPost } from "../../../lib/api-client.ts";
import { randomId } from "../../../lib/uuid.ts";

/**
 * The Idempotency-Key of an attempt: the same body sent again (a double tap, a retry after a lost
 * answer) keeps its key, so the server sells once; a changed body is a new attempt.
 */
export function attemptKey(last: { body: string; key: string } | null, body: string, newKey: () => string) {
  return last && last.body === body ? last : { body, key: newKey() };
}

/** POST api/feed/issue-receipt (spec 3 §7.2): a cash-register sale by amounts. */
export function issueReceipt(body: RegisterReceiptRequest, idempotencyKey: string): Promise<RegisterReceiptResponse> {
  return apiPost<RegisterReceiptResponse>("/api/feed/issue-receipt", body, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** The register's sale; the cash desk's cards, history and table feeds read again after it. */
export function useIssueReceipt() {
  const queryClient = useQueryClient();
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: RegisterReceiptRequest) => {
      last.current = attemptKey(last.current, JSON.stringify(body), randomId);
      return issueReceipt(body, last.current.key);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["cash-desk"] });
      void queryClient.invalidateQueries({ queryKey: ["staff-table-feed"] });
    },
  });
}

import type { RegisterReceiptInput, RegisterReceiptResponse } from "@tableorder/domain/contracts/cash-desk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendStaffAction, staffAction } from "../../../lib/staff-action.ts";

/** Where a register sale is sent: the till lists those waiting in the outbox by it. */
export const REGISTER_SALE_PATH = "/api/feed/issue-receipt";

/**
 * POST api/feed/issue-receipt (spec 3 §7.2): a cash-register sale by amounts. The same sale tapped
 * again before an answer came keeps its key, so the server sells once; once answered, the same
 * amounts are the next customer's sale (lib/staff-action.ts).
 */
export function issueReceipt(body: RegisterReceiptInput): Promise<RegisterReceiptResponse> {
  return sendStaffAction<RegisterReceiptResponse>(staffAction("POST", REGISTER_SALE_PATH, body));
}

/** The register's sale; the cash desk's cards, history and table feeds read again after it. */
export function useIssueReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueReceipt,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["cash-desk"] });
      void queryClient.invalidateQueries({ queryKey: ["staff-table-feed"] });
    },
  });
}

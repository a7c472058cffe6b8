import type { PrintClaimResponse } from "@tableorder/domain/contracts/kitchen";
import { apiPost } from "../../../lib/api-client.ts";
import { printScreenId } from "../../../lib/print/print-screen-id.ts";

/**
 * Asks to be the screen that auto-prints a ticket, so two screens of one area never both print
 * it. Rejects when the server cannot be asked: the print waits rather than risk a duplicate.
 */
export async function claimTicketPrint(ticketId: number): Promise<boolean> {
  const response = await apiPost<PrintClaimResponse>(
    `/api/feed/kitchen/ticket/${ticketId}/print-claim`,
    { screenId: printScreenId() },
    { quiet: true },
  );
  return response.claimed;
}

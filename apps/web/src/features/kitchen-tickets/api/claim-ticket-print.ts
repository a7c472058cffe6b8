import type { PrintClaimResponse } from "@tableorder/domain/contracts/kitchen";
import { apiPost } from "../../../lib/api-client.ts";
import { storedValue } from "../../../lib/stored-value.ts";
import { randomId } from "../../../lib/uuid.ts";

/** This screen's name in print claims; kept per tab, so a reload renews its own claims. */
const screenId = storedValue("session", "prepScreenId", (raw) => (raw && raw.length >= 8 ? raw : randomId()), String);

/**
 * Asks to be the screen that auto-prints a ticket, so two screens of one area never both print
 * it. Rejects when the server cannot be asked: the print waits rather than risk a duplicate.
 */
export async function claimTicketPrint(ticketId: number): Promise<boolean> {
  screenId.set((id) => id); // keeps a newly made id for the tab's next load
  const response = await apiPost<PrintClaimResponse>(
    `/api/feed/kitchen/ticket/${ticketId}/print-claim`,
    { screenId: screenId.get() },
    { quiet: true },
  );
  return response.claimed;
}

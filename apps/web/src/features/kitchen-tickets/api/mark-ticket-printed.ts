import { apiPost } from "../../../lib/api-client.ts";

/**
 * Tells the server a ticket came out of the printer, so no screen prints it again. Spec 2 §8: a
 * failure here is ignored silently (the print queue tries again on a later feed change).
 */
export async function markTicketPrinted(ticketId: number): Promise<boolean> {
  try {
    await apiPost(`/api/feed/kitchen/ticket/${ticketId}/print`, undefined, { quiet: true });
    return true;
  } catch {
    return false;
  }
}

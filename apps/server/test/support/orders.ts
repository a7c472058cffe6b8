import type { Db } from "../../src/db/client.ts";
import { type buildRunningVenue, buildTable } from "./factories.ts";
import type { apiClient } from "./http.ts";

/**
 * A fresh table of the venue whose checked-in guest ordered 2 salads (9.50 €) and 3 waters (1 €)
 * through the API, as a phone does: what the cash desk's and the invoicing's tests start from.
 */
export async function orderAtNewTable(
  api: ReturnType<typeof apiClient>,
  db: Db,
  venue: Awaited<ReturnType<typeof buildRunningVenue>>,
) {
  const table = await buildTable(db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  const sent = await api.post(
    `/api/orders/${table.id}`,
    [
      { id: venue.salad.id, quantity: 2 },
      { id: venue.water.id, quantity: 3 },
    ],
    guest,
  );
  if (sent.status !== 200) throw new Error(`the guest's order failed: ${sent.status}`);
  return { table, guest, orderId: sent.body.orderId as number, ticketIds: sent.body.ticketIds as number[] };
}

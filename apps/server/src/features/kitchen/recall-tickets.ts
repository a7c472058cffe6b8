import type { CompletedKitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { and, desc, eq, gte } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import { loadTickets } from "./load-tickets.ts";

/** How many completed tickets the board's Recall lists, and how far back it looks. */
export const RECALL_LIMIT = 10;
export const RECALL_WINDOW_MS = 60 * 60_000;

/**
 * The area's tickets completed within the last hour that can still come back to the board,
 * newest first. A ticket the waiter has fully delivered (or that was cancelled away) has nothing
 * prepared left to put back, so it is not offered.
 */
export async function loadRecallableTickets(db: Queryable, areaId: number, now = new Date()): Promise<CompletedKitchenTicket[]> {
  const completed = await db
    .select({ id: kitchenTickets.id, completedAt: kitchenTickets.completedAt })
    .from(kitchenTickets)
    .where(
      and(
        eq(kitchenTickets.preparationAreaId, areaId),
        gte(kitchenTickets.completedAt, new Date(now.getTime() - RECALL_WINDOW_MS)),
      ),
    )
    .orderBy(desc(kitchenTickets.completedAt), desc(kitchenTickets.id));
  if (!completed.length) return [];
  const rendered = new Map(
    (await loadTickets(db, { areaId, ticketIds: completed.map((c) => c.id) })).map((ticket) => [ticket.id, ticket]),
  );
  return completed
    .flatMap(({ id, completedAt }) => {
      const ticket = rendered.get(id);
      const recallable = ticket?.products.some((p) => p.status === "PREPARED");
      return ticket && completedAt && recallable ? [{ ...ticket, completedAt: completedAt.toISOString() }] : [];
    })
    .slice(0, RECALL_LIMIT);
}

import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../principal.ts";

export type TicketRow = typeof kitchenTickets.$inferSelect;

/**
 * A ticket is reached by the cooks of its own area and by the cash desk and administrators of
 * its venue; anyone else gets a 403, another area's cook included. To the desk of another venue
 * the ticket does not exist (404), as every id of another venue.
 */
export async function authorizeTicket(db: Queryable, principal: Principal, ticketId: number, lock = false): Promise<TicketRow> {
  const query = db.select().from(kitchenTickets).where(eq(kitchenTickets.id, ticketId));
  const [ticket] = lock ? await query.for("update") : await query;
  if (!ticket) throw new AppError("not_found", 404, { entity: "ticket" });
  const desk = principal.role === "CASH_DESK" || principal.role === "ADMIN";
  if (desk && principal.retailerId !== ticket.retailerId) throw new AppError("not_found", 404, { entity: "ticket" });
  const allowed =
    principal.role === "COOK"
      ? principal.prepAreaId === ticket.preparationAreaId
      : (principal.role === "CASH_DESK" || principal.role === "ADMIN") && principal.retailerId === ticket.retailerId;
  if (!allowed) throw new AppError("forbidden", 403);
  return ticket;
}

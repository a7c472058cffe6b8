import type { ContactRequestRow, ContactRequestStatus } from "@tableorder/domain/contracts/operator";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactRequests } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/app-error.ts";

type ContactRequest = typeof contactRequests.$inferSelect;

function presentContactRequest(row: ContactRequest): ContactRequestRow {
  return {
    id: row.id,
    name: row.name,
    companyName: row.companyName,
    phone: row.phone,
    email: row.email,
    status: row.status as ContactRequestStatus,
    retailerId: row.retailerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The contact form's requests (the owners who asked to be called), newest first, for the operator. */
export async function listContactRequests(db: Db): Promise<ContactRequestRow[]> {
  const rows = await db.select().from(contactRequests).orderBy(desc(contactRequests.createdAt), desc(contactRequests.id));
  return rows.map(presentContactRequest);
}

/**
 * The operator's follow-up of a request: contacted, declined, or back to new. A request that
 * became a venue stays so: its venue exists and is disabled, never deleted, if it goes wrong.
 */
export async function setContactRequestStatus(options: {
  db: Db;
  requestId: number;
  status: Exclude<ContactRequestStatus, "VENUE_CREATED">;
}): Promise<ContactRequestRow> {
  const [current] = await options.db.select().from(contactRequests).where(eq(contactRequests.id, options.requestId));
  if (!current) throw notFound("contact_request");
  if (current.status === "VENUE_CREATED") throw new AppError("contact_request_became_venue", 400);
  const [row] = await options.db
    .update(contactRequests)
    .set({ status: options.status })
    .where(eq(contactRequests.id, options.requestId))
    .returning();
  return presentContactRequest(row);
}

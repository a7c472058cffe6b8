import { and, eq, isNull } from "drizzle-orm";
import { type PrincipalVerifier, publishStaffChanged } from "../../auth/account-status.ts";
import type { Db } from "../../db/client.ts";
import { retailers, users } from "../../db/schema.ts";
import { notFound } from "../../lib/app-error.ts";
import { TABLE_SETTINGS_CHANGED } from "../../lib/tables-out-of-service.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Disables a venue or brings it back (issue 18). Nothing is deleted: a disabled venue keeps its
 * data, its staff cannot sign in and their tokens stop at the next request (their live screens
 * are closed), and its tables seat and serve no guest. Every instance hears it: staff.changed
 * names the venue's accounts, table.settings-changed drops what the order path remembered.
 */
export async function setVenueDisabled(options: {
  db: Db;
  events: EventBus;
  principals: PrincipalVerifier;
  retailerId: number;
  disabled: boolean;
}): Promise<void> {
  const { db, retailerId } = options;
  const [venue] = await db
    .update(retailers)
    .set({ disabledAt: options.disabled ? new Date() : null })
    .where(eq(retailers.id, retailerId))
    .returning({ id: retailers.id });
  if (!venue) throw notFound("venue");
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.retailerId, retailerId), isNull(users.deletedAt)));
  await publishStaffChanged(
    options,
    retailerId,
    staff.map((user) => user.id),
  );
  await options.events.publish({ type: TABLE_SETTINGS_CHANGED, retailerId });
}

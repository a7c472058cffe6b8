import { and, eq, isNull } from "drizzle-orm";
import { type PrincipalVerifier, publishStaffChanged } from "../../auth/account-status.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { retailers, users } from "../../db/schema.ts";
import { notFound } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
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
  /** The platform operator acting: the venue's audit trail names them. */
  operator: Principal;
  retailerId: number;
  disabled: boolean;
}): Promise<void> {
  const { db, retailerId } = options;
  await db.transaction(async (tx) => {
    const [venue] = await tx
      .update(retailers)
      .set({ disabledAt: options.disabled ? new Date() : null })
      .where(eq(retailers.id, retailerId))
      .returning({ name: retailers.name });
    if (!venue) throw notFound("venue");
    // The owner reads in their own trail who switched the venue off or on, and when.
    await recordAudit(
      tx,
      { userId: options.operator.userId, retailerId, role: "OPERATOR" },
      { kind: "VENUE_STATUS_CHANGED", subject: venue.name, details: { disabled: options.disabled } },
    );
  });
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

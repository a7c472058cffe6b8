import type { CreateVenueRequest, SetPasswordLink } from "@tableorder/domain/contracts/operator";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import { issueSetPasswordLink } from "../../auth/set-password-links.ts";
import { assertUsernameFree, USERNAME_INDEX } from "../../auth/staff-accounts.ts";
import type { Db } from "../../db/client.ts";
import { contactRequests, retailers, users } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";

/** Where set-password links point and how long they last. */
export interface LinkSettings {
  baseUrl: string;
  validHours: number;
}

/**
 * Creates a venue with its first administrator (issue 18), from the console or `npm run
 * venue:create`. The administrator has no password: the answer carries a one-time link to choose
 * one, for the operator to pass on. When the venue answers a contact-form request, the request
 * becomes "became a venue" in the same transaction, so a request cannot make two venues.
 */
export async function createVenue(
  options: { db: Db; form: CreateVenueRequest } & LinkSettings,
): Promise<{ retailerId: number; link: SetPasswordLink }> {
  const { db, form } = options;
  return withUniqueKeys(USERNAME_INDEX, () =>
    db.transaction(async (tx) => {
      if (form.contactRequestId != null) {
        const [request] = await tx
          .select({ status: contactRequests.status })
          .from(contactRequests)
          .where(eq(contactRequests.id, form.contactRequestId))
          .for("update");
        if (!request) throw notFound("contact_request");
        if (request.status === "VENUE_CREATED") throw new AppError("contact_request_became_venue", 400);
      }
      await assertUsernameFree(tx, form.adminUsername);
      const [venue] = await tx.insert(retailers).values({ name: form.name, type: form.type }).returning({ id: retailers.id });
      const [admin] = await tx
        .insert(users)
        .values({
          retailerId: venue.id,
          role: "ADMIN",
          login: form.adminUsername,
          firstName: form.adminFirstName,
          lastName: form.adminLastName,
        })
        .returning({ id: users.id });
      if (form.contactRequestId != null) {
        await tx
          .update(contactRequests)
          .set({ status: "VENUE_CREATED", retailerId: venue.id })
          .where(eq(contactRequests.id, form.contactRequestId));
      }
      const link = await issueSetPasswordLink(tx, { userId: admin.id, ...options });
      return { retailerId: venue.id, link };
    }),
  );
}

/**
 * A new set-password link for the venue's first administrator, when the first one expired or was
 * lost; the earlier link stops working. It also serves an administrator who forgot their password.
 */
export async function reissueAdminLink(
  options: { db: Db; retailerId: number; operator: Principal } & LinkSettings,
): Promise<SetPasswordLink> {
  return options.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id, login: users.login })
      .from(users)
      .where(and(eq(users.retailerId, options.retailerId), eq(users.role, "ADMIN"), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .limit(1);
    if (!admin) throw notFound("venue");
    // A new link can replace the administrator's password: the venue's trail says who issued it.
    await recordAudit(
      tx,
      { userId: options.operator.userId, retailerId: options.retailerId, role: "OPERATOR" },
      { kind: "ADMIN_LINK_ISSUED", subject: admin.login },
    );
    return issueSetPasswordLink(tx, { userId: admin.id, ...options });
  });
}

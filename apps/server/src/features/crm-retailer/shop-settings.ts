import type { ShopSettings, ShopSettingsForm } from "@tableorder/domain/contracts/crm-retailer";
import { MAIN_CUISINES } from "@tableorder/domain/enums";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { type PrincipalVerifier, publishStaffChanged } from "../../auth/account-status.ts";
import { hashPassword } from "../../auth/passwords.ts";
import type { Principal } from "../../auth/principal.ts";
import { assertUsernameFree, USERNAME_INDEX } from "../../auth/staff-accounts.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { retailers, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { changedSettings, recordAudit } from "../../lib/audit-trail.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import type { EventBus } from "../../realtime/types.ts";

/** The shop settings screen: the venue's details and the signed-in administrator's own. */
export async function loadShopSettings(db: Queryable, retailerId: number, adminUserId: number): Promise<ShopSettings> {
  const [row] = await db
    .select({ venue: retailers, admin: users })
    .from(retailers)
    .innerJoin(users, and(eq(users.id, adminUserId), eq(users.retailerId, retailers.id), isNull(users.deletedAt)))
    .where(eq(retailers.id, retailerId))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, { entity: "retailer" });
  const { venue, admin } = row;
  return {
    id: venue.id,
    name: venue.name,
    nameEng: venue.nameEng,
    type: venue.type,
    mainCuisine: venue.mainCuisine,
    secondaryCuisine: venue.secondaryCuisine,
    translationsActive: venue.translationsActive,
    menuLanguages: venue.menuLanguages,
    printerIp: venue.printerIp,
    autoPrintActive: venue.autoPrintActive,
    printServiceUrl: venue.printServiceUrl,
    googleReviewUrl: venue.googleReviewUrl,
    firstName: admin.firstName,
    lastName: admin.lastName,
    username: admin.login,
  };
}

/**
 * Saves the shop settings and the administrator's own details together. Menus are rebuilt
 * (translations may have been switched), and a new username or password takes effect at once;
 * the screen signs the administrator out after a username change (spec 3 §4).
 */
export async function saveShopSettings(options: {
  db: Db;
  events: EventBus;
  principals: PrincipalVerifier;
  retailerId: number;
  adminUserId: number;
  /** Who saves, for the audit trail. */
  actor: Principal;
  form: ShopSettingsForm;
}): Promise<ShopSettings> {
  const { db, retailerId, adminUserId, form } = options;
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  await withUniqueKeys(USERNAME_INDEX, () =>
    db.transaction(async (tx) => {
      await assertUsernameFree(tx, form.username, adminUserId);
      const shop = {
        name: form.name,
        nameEng: form.nameEng,
        type: form.type,
        mainCuisine: form.mainCuisine,
        secondaryCuisine: form.secondaryCuisine,
        translationsActive: form.translationsActive,
        // A form without the field (the spec's) keeps the venue's languages as they were.
        ...(form.menuLanguages ? { menuLanguages: form.menuLanguages } : {}),
        printerIp: form.printerIp,
        autoPrintActive: form.autoPrintActive,
        printServiceUrl: form.printServiceUrl,
        googleReviewUrl: form.googleReviewUrl,
      };
      const [before] = await tx.select().from(retailers).where(eq(retailers.id, retailerId)).for("update");
      await tx.update(retailers).set(shop).where(eq(retailers.id, retailerId));
      const [admin] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, login: users.login })
        .from(users)
        .where(eq(users.id, adminUserId));
      const changed = changedSettings(
        { ...before, ...admin },
        { ...shop, firstName: form.firstName, lastName: form.lastName, login: form.username },
      );
      if (Object.keys(changed).length || passwordHash) {
        await recordAudit(tx, options.actor, {
          kind: "SETTINGS_CHANGED",
          subject: "shop",
          details: { changed, passwordChanged: !!passwordHash },
        });
      }
      await tx
        .update(users)
        .set({
          firstName: form.firstName,
          lastName: form.lastName,
          login: form.username,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, adminUserId));
    }),
  );
  await options.events.publish({ type: "retailer.changed", retailerId });
  await options.events.publish({ type: "catalog.changed", retailerId });
  await publishStaffChanged(options, retailerId, [adminUserId]);
  return loadShopSettings(db, retailerId, adminUserId);
}

/** Whether the venue issues e-invoices: the product editor shows VAT and goods/service only then. */
export async function isInvoicingEnabled(db: Queryable, retailerId: number): Promise<boolean> {
  const [venue] = await db.select({ on: retailers.invoicingEnabled }).from(retailers).where(eq(retailers.id, retailerId));
  return venue?.on ?? false;
}

/**
 * Main cuisines for the public pages: every one with `all`, otherwise those some venue serves,
 * so the home page's filter offers nothing that finds no venue.
 */
export async function listCuisineTypes(db: Queryable, all: boolean) {
  if (all) return MAIN_CUISINES.map(({ code, name, nameEng }) => ({ code, name, nameEng }));
  const used = await db.selectDistinct({ code: retailers.mainCuisine }).from(retailers).where(isNotNull(retailers.mainCuisine));
  const codes = new Set(used.map((u) => u.code));
  return MAIN_CUISINES.filter((c) => codes.has(c.code)).map(({ code, name, nameEng }) => ({ code, name, nameEng }));
}

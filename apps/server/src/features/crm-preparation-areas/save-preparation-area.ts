import type {
  CreatePreparationAreaRequest,
  UpdatePreparationAreaRequest,
} from "@tableorder/domain/contracts/crm-preparation-areas";
import type { ErrorKey } from "@tableorder/domain/errors";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { type PrincipalVerifier, publishStaffChanged } from "../../auth/account-status.ts";
import { hashPassword } from "../../auth/passwords.ts";
import type { Principal } from "../../auth/principal.ts";
import { assertUsernameFree, USERNAME_INDEX } from "../../auth/staff-accounts.ts";
import type { Db, Tx } from "../../db/client.ts";
import { preparationAreas, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordStaffChange } from "../../lib/audit-trail.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadPreparationArea } from "./load-preparation-areas.ts";

const AREA_INDEXES: Record<string, ErrorKey> = {
  ...USERNAME_INDEX,
  preparation_areas_retailer_name: "prep_area_name_exists",
};

interface AreaWrite {
  db: Db;
  events: EventBus;
  principals: PrincipalVerifier;
  retailerId: number;
  /** Who makes the change, for the audit trail. */
  actor: Principal;
}

async function assertAreaNameFree(tx: Tx, retailerId: number, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: preparationAreas.id })
    .from(preparationAreas)
    .where(
      and(
        eq(preparationAreas.retailerId, retailerId),
        eq(preparationAreas.name, name),
        isNull(preparationAreas.deletedAt),
        exceptId == null ? undefined : ne(preparationAreas.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError("prep_area_name_exists", 400);
}

/** Menus show an area's products only while it is open; a renamed area shows its new name. */
async function publishAreaChanged(options: AreaWrite, areaId: number, userIds: number[]): Promise<void> {
  await options.events.publish({ type: "preparation-area.changed", retailerId: options.retailerId, preparationAreaId: areaId });
  await publishStaffChanged(options, options.retailerId, userIds);
}

/**
 * Creates a preparation area and its kitchen account (a COOK user bound to the area) together,
 * so an area never exists without its sign-in or the other way round.
 */
export async function createPreparationArea(options: AreaWrite & { form: CreatePreparationAreaRequest }) {
  const { db, retailerId, form } = options;
  const passwordHash = await hashPassword(form.password);
  const { areaId, userId } = await withUniqueKeys(AREA_INDEXES, () =>
    db.transaction(async (tx) => {
      await assertAreaNameFree(tx, retailerId, form.name);
      await assertUsernameFree(tx, form.username);
      const [area] = await tx
        .insert(preparationAreas)
        .values({ retailerId, name: form.name, printerIp: form.printerIp })
        .returning({ id: preparationAreas.id });
      const [cook] = await tx
        .insert(users)
        .values({
          retailerId,
          role: "COOK",
          login: form.username,
          passwordHash,
          firstName: form.name,
          preparationAreaId: area.id,
        })
        .returning({ id: users.id });
      await recordStaffChange(tx, options.actor, { change: "CREATED", userId: cook.id, login: form.username, role: "COOK" });
      return { areaId: area.id, userId: cook.id };
    }),
  );
  await publishAreaChanged(options, areaId, [userId]);
  return loadPreparationArea(db, retailerId, areaId);
}

/**
 * Edits an area and its kitchen account in one transaction. An area made before it had an
 * account (seeded data) gets one now, which then needs a password.
 */
export async function updatePreparationArea(options: AreaWrite & { areaId: number; form: UpdatePreparationAreaRequest }) {
  const { db, retailerId, areaId, form } = options;
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  const userId = await withUniqueKeys(AREA_INDEXES, () =>
    db.transaction(async (tx) => {
      const [area] = await tx
        .select({ id: preparationAreas.id })
        .from(preparationAreas)
        .where(
          and(eq(preparationAreas.id, areaId), eq(preparationAreas.retailerId, retailerId), isNull(preparationAreas.deletedAt)),
        )
        .for("update");
      if (!area) throw new AppError("not_found", 404, { entity: "preparationArea" });
      await assertAreaNameFree(tx, retailerId, form.name, areaId);
      const [cook] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.preparationAreaId, areaId), eq(users.role, "COOK"), isNull(users.deletedAt)))
        .orderBy(asc(users.id))
        .limit(1);
      await assertUsernameFree(tx, form.username, cook?.id);
      await tx
        .update(preparationAreas)
        .set({ name: form.name, printerIp: form.printerIp })
        .where(eq(preparationAreas.id, areaId));
      if (cook) {
        await tx
          .update(users)
          .set({ login: form.username, firstName: form.name, ...(passwordHash ? { passwordHash } : {}) })
          .where(eq(users.id, cook.id));
        await recordStaffChange(tx, options.actor, {
          change: "UPDATED",
          userId: cook.id,
          login: form.username,
          role: "COOK",
          passwordChanged: !!passwordHash,
        });
        return cook.id;
      }
      if (!passwordHash) {
        throw new AppError("validation", 400, {}, [{ objectName: "body", field: "password", message: "password.required" }]);
      }
      const [created] = await tx
        .insert(users)
        .values({ retailerId, role: "COOK", login: form.username, passwordHash, firstName: form.name, preparationAreaId: areaId })
        .returning({ id: users.id });
      await recordStaffChange(tx, options.actor, { change: "CREATED", userId: created.id, login: form.username, role: "COOK" });
      return created.id;
    }),
  );
  await publishAreaChanged(options, areaId, [userId]);
  return loadPreparationArea(db, retailerId, areaId);
}

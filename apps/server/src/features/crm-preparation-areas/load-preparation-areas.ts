import type { CrmPreparationArea } from "@tableorder/domain/contracts/crm-preparation-areas";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { preparationAreas, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/** The venue's live preparation areas, each with the username of its kitchen account. */
export async function listPreparationAreas(db: Queryable, retailerId: number, ids?: number[]): Promise<CrmPreparationArea[]> {
  const areas = await db
    .select()
    .from(preparationAreas)
    .where(
      and(
        eq(preparationAreas.retailerId, retailerId),
        isNull(preparationAreas.deletedAt),
        ids ? inArray(preparationAreas.id, ids) : undefined,
      ),
    )
    .orderBy(asc(preparationAreas.id));
  if (!areas.length) return [];
  const cooks = await db
    .select({ areaId: users.preparationAreaId, login: users.login })
    .from(users)
    .where(
      and(
        inArray(
          users.preparationAreaId,
          areas.map((a) => a.id),
        ),
        eq(users.role, "COOK"),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.id));
  return areas.map((area) => ({
    id: area.id,
    name: area.name,
    label: area.name,
    username: cooks.find((c) => c.areaId === area.id)?.login ?? null,
    printerIp: area.printerIp,
  }));
}

/** One area of the venue; another venue's or a deleted one is a 404. */
export async function loadPreparationArea(db: Queryable, retailerId: number, areaId: number): Promise<CrmPreparationArea> {
  const [area] = await listPreparationAreas(db, retailerId, [areaId]);
  if (!area) throw new AppError("not_found", 404, { entity: "preparationArea" });
  return area;
}

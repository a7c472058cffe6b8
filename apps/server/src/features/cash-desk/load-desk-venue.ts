import type { AdminIpResponse } from "@tableorder/domain/contracts/cash-desk";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * GET api/admin/ip: where the venue's print agent listens (as api/cuisine/ip answers), the
 * venue's own printer (shop settings, for bills, receipts and the register), and its name, which
 * the cash desk cannot read from api/crm/retailer but shows on its landing page. printServiceSeen:
 * whether a screen of the venue ever printed through a print agent (lib/print-service-seen.ts).
 */
export async function loadDeskVenue(db: Queryable, retailerId: number): Promise<AdminIpResponse> {
  const [venue] = await db
    .select({
      address: retailers.printServiceUrl,
      printerIp: retailers.printerIp,
      venueName: retailers.name,
      printServiceSeen: sql<boolean>`${retailers.printServiceSeenAt} is not null`,
    })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  if (!venue) throw new AppError("not_found", 404, { entity: "retailer" });
  return venue;
}

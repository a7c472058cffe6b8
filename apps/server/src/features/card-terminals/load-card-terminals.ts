import type { CardTerminalOption } from "@tableorder/domain/contracts/card-terminals";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { cardTerminals } from "../../db/schema.ts";

/**
 * The venue's card terminals a waiter may send a sale to: registered in the invoicing settings,
 * not removed, and of a type the configured terminal client drives.
 */
export async function loadCardTerminalOptions(
  db: Queryable,
  retailerId: number,
  usable: (type: string) => boolean,
): Promise<CardTerminalOption[]> {
  const rows = await db
    .select({ id: cardTerminals.id, friendlyName: cardTerminals.friendlyName, type: cardTerminals.type })
    .from(cardTerminals)
    .where(and(eq(cardTerminals.retailerId, retailerId), isNull(cardTerminals.deletedAt)))
    .orderBy(asc(cardTerminals.friendlyName), asc(cardTerminals.id));
  return rows.filter((t) => usable(t.type));
}

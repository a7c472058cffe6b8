import { and, gt, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { payments } from "../db/schema.ts";

/**
 * The payments of some pieces that left money on credit, each with who owes it (issue 28 A9). Such
 * pieces are settled at the table but owed, not paid: every screen that shows a piece's payment
 * (table feeds, waiter tasks, the history) reads them as "Επί πιστώσει" from this one lookup.
 */
export type CreditDebtors = ReadonlyMap<number, string | null>;

/** Of these payments, those with an on-credit part, with their debtor (null for one recorded before it was asked). */
export async function loadCreditDebtors(
  db: Queryable,
  paymentIds: readonly (number | null | undefined)[],
): Promise<CreditDebtors> {
  const ids = [...new Set(paymentIds.filter((id) => id != null))];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: payments.id, debtor: payments.creditDebtor })
    .from(payments)
    .where(and(inArray(payments.id, ids), gt(payments.onCreditCents, 0)));
  return new Map(rows.map((r) => [r.id, r.debtor]));
}

/** The same pieces on credit without who owes them: a guest's phone says that a piece is owed, not whom the staff wrote down. */
export function withoutDebtors(credits: CreditDebtors): CreditDebtors {
  return new Map([...credits.keys()].map((id) => [id, null]));
}

import type { AuditKind } from "@tableorder/domain/contracts/audit";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { auditEntries, users } from "../db/schema.ts";

/** Who acted: a verified principal, the account that has just signed in, or a payment's collector. */
export interface AuditActor {
  userId: number;
  retailerId: number | null;
  /** Read from the account when the caller does not know it (a sale settled later by a terminal). */
  role?: string;
}

/** What an action touched and by how much; amounts are integer cents. */
export interface AuditFacts {
  kind: AuditKind;
  table?: { id: number; label: string } | null;
  subject?: string | null;
  amountBeforeCents?: number | null;
  amountAfterCents?: number | null;
  details?: Record<string, unknown>;
}

/** How staff see one another: their full name, or their login when they have none (an area's account). */
export function staffDisplayName(user: { firstName: string | null; lastName: string | null; login: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.login;
}

/** Pieces of a bill by name and count, in the order first met: "2× Χωριάτικη, 1× Νερό". */
export function describeUnits(units: readonly { productName: string }[]): string {
  const counts = new Map<string, number>();
  for (const unit of units) counts.set(unit.productName, (counts.get(unit.productName) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${count}× ${name}`).join(", ");
}

/**
 * Appends an entry to the venue's audit trail (issue 16). Called with the transaction of the action
 * it records, so the action and its entry commit together or not at all. The actor's name and the
 * table's label are copied in, so the entry reads the same after a rename or a deletion. Only staff
 * act here: a guest (no venue) is not recorded, and their personal data never reaches the trail.
 */
export async function recordAudit(q: Queryable, actor: AuditActor, facts: AuditFacts): Promise<void> {
  if (actor.retailerId == null || actor.role === "USER") return;
  const [user] = await q
    .select({ firstName: users.firstName, lastName: users.lastName, login: users.login, role: users.role })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const role = actor.role ?? user?.role;
  if (!role || role === "USER") return;
  await q.insert(auditEntries).values({
    retailerId: actor.retailerId,
    kind: facts.kind,
    actorUserId: actor.userId,
    actorName: user ? staffDisplayName(user) : String(actor.userId),
    actorRole: role,
    tableId: facts.table?.id ?? null,
    tableLabel: facts.table?.label ?? null,
    subject: facts.subject ?? null,
    amountBeforeCents: facts.amountBeforeCents ?? null,
    amountAfterCents: facts.amountAfterCents ?? null,
    details: facts.details ?? {},
  });
}

/** A staff account created, edited or deleted: its login and what happened, never its password. */
export function recordStaffChange(
  q: Queryable,
  actor: AuditActor,
  change: { change: "CREATED" | "UPDATED" | "DELETED"; userId: number; login: string; role: string; passwordChanged?: boolean },
): Promise<void> {
  const { login, ...details } = change;
  return recordAudit(q, actor, { kind: "STAFF_CHANGED", subject: login, details });
}

/**
 * The settings an edit changed, each with its value before and after; unchanged ones are left out.
 * Values compare by their JSON, so lists and objects compare by content.
 */
export function changedSettings(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  for (const [name, value] of Object.entries(after)) {
    const old = before[name] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changed[name] = { before: old, after: value ?? null };
  }
  return changed;
}

/** A collection's pieces, priced as they stood before it (their earlier discount taken off). */
type CollectedUnit = { id: number; productName: string; unitPriceCents: number; discountCents: number };

/**
 * What the owner reviews of a collection at a table, at the moment it completes (at once, or when
 * a card terminal approves it): a gift (the pieces' price given away), a discount (the price before
 * and what was charged), and a part left on credit (what was due and what is owed).
 */
export async function recordCollection(
  q: Queryable,
  actor: AuditActor,
  collection: {
    table: { id: number; label: string } | null;
    units: readonly CollectedUnit[];
    isGift: boolean;
    discountCents: number;
    onCreditCents: number;
    creditDebtor: string | null;
    cashCents: number;
    cardCents: number;
    tipCents: number;
    tipMethod: string | null;
  },
): Promise<void> {
  const { table, units } = collection;
  const total = units.reduce((sum, u) => sum + u.unitPriceCents - u.discountCents, 0);
  const subject = describeUnits(units);
  const details = { orderProductIds: units.map((u) => u.id) };
  if (collection.isGift) {
    await recordAudit(q, actor, { kind: "GIFT", table, subject, amountBeforeCents: total, amountAfterCents: 0, details });
    return;
  }
  if (collection.discountCents > 0) {
    await recordAudit(q, actor, {
      kind: "DISCOUNT",
      table,
      subject,
      amountBeforeCents: total,
      amountAfterCents: total - collection.discountCents,
      details,
    });
  }
  if (collection.onCreditCents > 0) {
    await recordAudit(q, actor, {
      kind: "PAYMENT_ON_CREDIT",
      table,
      subject,
      amountBeforeCents: total - collection.discountCents,
      amountAfterCents: collection.onCreditCents,
      details: {
        ...details,
        cashCents: collection.cashCents,
        cardCents: collection.cardCents,
        creditDebtor: collection.creditDebtor,
      },
    });
  }
  await recordTip(q, actor, {
    table,
    subject,
    billCents: total - collection.discountCents,
    tipCents: collection.tipCents,
    tipMethod: collection.tipMethod,
    details,
  });
}

/**
 * A tip staff entered with a collection or a register sale (issue 32): the bill it went with and
 * the tip, and how it was left. Nothing is recorded without a tip.
 */
export async function recordTip(
  q: Queryable,
  actor: AuditActor,
  tip: {
    table: { id: number; label: string } | null;
    subject?: string | null;
    billCents: number;
    tipCents: number;
    tipMethod: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  if (tip.tipCents <= 0) return;
  await recordAudit(q, actor, {
    kind: "TIP_ENTERED",
    table: tip.table,
    subject: tip.subject ?? null,
    amountBeforeCents: tip.billCents,
    amountAfterCents: tip.tipCents,
    details: { ...tip.details, tipMethod: tip.tipMethod },
  });
}

/** A discount on a cash-register sale (sold by VAT sections, no pieces): its total before and after. */
export async function recordRegisterDiscount(
  q: Queryable,
  actor: AuditActor,
  sale: { table: { id: number; label: string } | null; orderId: number | null; totalCents: number; discountCents: number },
): Promise<void> {
  if (sale.discountCents <= 0) return;
  await recordAudit(q, actor, {
    kind: "DISCOUNT",
    table: sale.table,
    amountBeforeCents: sale.totalCents,
    amountAfterCents: sale.totalCents - sale.discountCents,
    details: { orderId: sale.orderId, register: true },
  });
}

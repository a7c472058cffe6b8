import {
  INVOICING_TAX_FIELDS,
  type InvoicingDetails,
  type InvoicingDetailsForm,
  type InvoicingTaxField,
  invoicingProblems,
} from "@tableorder/domain/contracts/card-terminals";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { cardTerminals, retailers, tableSessions } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { changedSettings, recordAudit } from "../../lib/audit-trail.ts";
import { maskSecret, openSecret, sealSecret } from "../../lib/secret-box.ts";

/** A value the form read back masked (maskSecret): it means "keep what is stored". */
const isMasked = (value: string | null | undefined) => value?.startsWith("••••") ?? false;

/** The stored myDATA credentials, opened; a value sealed under another key reads as none. */
function openCredentials(key: Buffer, sealed: string | null): { userId: string; subscriptionKey: string } | null {
  if (!sealed) return null;
  try {
    return JSON.parse(openSecret(key, sealed));
  } catch {
    return null;
  }
}

async function hasActiveService(db: Queryable, retailerId: number): Promise<boolean> {
  const [active] = await db
    .select({ id: tableSessions.id })
    .from(tableSessions)
    .where(and(eq(tableSessions.retailerId, retailerId), eq(tableSessions.status, "OPEN")))
    .limit(1);
  return Boolean(active);
}

/** The venue's invoicing settings (spec 3 §3): its tax details and its card terminals. */
export async function loadInvoicingDetails(db: Queryable, retailerId: number, secretsKey: Buffer): Promise<InvoicingDetails> {
  const [venue] = await db
    .select({
      enabled: retailers.invoicingEnabled,
      orderSlipOnEveryOrder: retailers.orderSlipOnEveryOrder,
      invoicing: retailers.invoicing,
      credentials: retailers.mydataCredentials,
    })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  if (!venue) throw new AppError("not_found", 404, { entity: "retailer" });
  const terminals = await db
    .select({
      id: cardTerminals.id,
      friendlyName: cardTerminals.friendlyName,
      tid: cardTerminals.tid,
      mid: cardTerminals.mid,
      authorizationCode: cardTerminals.authorizationCode,
      type: cardTerminals.type,
    })
    .from(cardTerminals)
    .where(and(eq(cardTerminals.retailerId, retailerId), isNull(cardTerminals.deletedAt)))
    .orderBy(asc(cardTerminals.id));
  const field = (name: InvoicingTaxField) => venue.invoicing[name] ?? null;
  const credentials = openCredentials(secretsKey, venue.credentials);
  return {
    isInvoicingEnabled: venue.enabled,
    orderSlipOnEveryOrder: venue.orderSlipOnEveryOrder,
    myDataUserId: maskSecret(credentials?.userId ?? null),
    myDataSubscriptionKey: maskSecret(credentials?.subscriptionKey ?? null),
    ...(Object.fromEntries(INVOICING_TAX_FIELDS.map((name) => [name, field(name)])) as Record<InvoicingTaxField, string | null>),
    terminals,
  };
}

/**
 * Saves the invoicing settings after the spec's rules (spec 3 §5). Terminals are matched by TID
 * (the spec's terminal id): a listed one is updated or added, an unlisted one is removed but kept
 * for the payments that went to it, and sales already waiting at it carry on.
 */
export async function saveInvoicingDetails(options: {
  db: Db;
  retailerId: number;
  /** Who saves, for the audit trail. */
  actor: Principal;
  form: InvoicingDetailsForm;
  /** Seals the myDATA credentials (config FISCAL_SECRETS_KEY). */
  secretsKey: Buffer;
}): Promise<InvoicingDetails> {
  const { db, retailerId, form, secretsKey } = options;
  const problems = invoicingProblems(form);
  if (problems.length) {
    throw new AppError(
      "validation",
      400,
      {},
      problems.map((p) => ({ objectName: "invoicingDetails", field: p.field, message: p.message })),
    );
  }
  await db.transaction(async (tx) => {
    const [venue] = await tx
      .select({
        id: retailers.id,
        enabled: retailers.invoicingEnabled,
        orderSlipOnEveryOrder: retailers.orderSlipOnEveryOrder,
        invoicing: retailers.invoicing,
        credentials: retailers.mydataCredentials,
      })
      .from(retailers)
      .where(eq(retailers.id, retailerId))
      .for("update");
    if (!venue) throw new AppError("not_found", 404, { entity: "retailer" });
    const switching = venue.enabled !== form.isInvoicingEnabled;
    const rechoosingSlips = venue.orderSlipOnEveryOrder !== form.orderSlipOnEveryOrder;
    // Switching while a table is served would leave its sale half with, half without documents
    // (spec 3 §4, §8); so would changing when its order slips are issued (per order or at the bill).
    if ((switching || rechoosingSlips) && (await hasActiveService(tx, retailerId))) {
      if (!switching) throw new AppError("order_slip_choice_active_service", 400);
      throw new AppError(form.isInvoicingEnabled ? "invoicing_enable_active_service" : "invoicing_disable_active_service", 400);
    }
    const stored = openCredentials(secretsKey, venue.credentials);
    const keep = (value: string | null | undefined, current: string | undefined) =>
      value === undefined || value === null || isMasked(value) ? (current ?? null) : value;
    const userId = keep(form.myDataUserId, stored?.userId);
    const subscriptionKey = keep(form.myDataSubscriptionKey, stored?.subscriptionKey);
    await tx
      .update(retailers)
      .set({
        invoicingEnabled: form.isInvoicingEnabled,
        orderSlipOnEveryOrder: form.orderSlipOnEveryOrder,
        invoicing: Object.fromEntries(INVOICING_TAX_FIELDS.map((name) => [name, form[name]])),
        mydataCredentials: userId && subscriptionKey ? sealSecret(secretsKey, JSON.stringify({ userId, subscriptionKey })) : null,
      })
      .where(eq(retailers.id, retailerId));
    const existing = await tx
      .select()
      .from(cardTerminals)
      .where(and(eq(cardTerminals.retailerId, retailerId), isNull(cardTerminals.deletedAt)));
    const now = new Date();
    for (const terminal of form.terminals) {
      const values = {
        friendlyName: terminal.friendlyName as string,
        tid: terminal.tid as string,
        mid: terminal.mid,
        authorizationCode: terminal.authorizationCode,
        type: terminal.type as string,
      };
      const same = existing.find((row) => row.tid === terminal.tid);
      if (same) await tx.update(cardTerminals).set(values).where(eq(cardTerminals.id, same.id));
      else await tx.insert(cardTerminals).values({ retailerId, ...values });
    }
    const listed = new Set(form.terminals.map((t) => t.tid));
    const removed = existing.filter((r) => !listed.has(r.tid));
    for (const row of removed) {
      await tx.update(cardTerminals).set({ deletedAt: now }).where(eq(cardTerminals.id, row.id));
    }
    // The credentials are secret: the trail says only that they changed.
    const changed = changedSettings(
      {
        isInvoicingEnabled: venue.enabled,
        orderSlipOnEveryOrder: venue.orderSlipOnEveryOrder,
        ...venue.invoicing,
        terminals: existing.map((t) => t.tid).sort(),
      },
      {
        isInvoicingEnabled: form.isInvoicingEnabled,
        orderSlipOnEveryOrder: form.orderSlipOnEveryOrder,
        ...Object.fromEntries(INVOICING_TAX_FIELDS.map((name) => [name, form[name]])),
        terminals: [...listed].sort(),
      },
    );
    const credentialsChanged = userId !== (stored?.userId ?? null) || subscriptionKey !== (stored?.subscriptionKey ?? null);
    if (Object.keys(changed).length || credentialsChanged) {
      await recordAudit(tx, options.actor, {
        kind: "SETTINGS_CHANGED",
        subject: "invoicing",
        details: { changed, credentialsChanged },
      });
    }
  });
  return loadInvoicingDetails(db, retailerId, secretsKey);
}

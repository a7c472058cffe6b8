import { type InvoicingDetails, type InvoicingDetailsForm, invoicingProblems } from "@tableorder/domain/contracts/card-terminals";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { cardTerminals, retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

const TAX_FIELDS = [
  "name",
  "description",
  "address",
  "city",
  "zip",
  "phone",
  "website",
  "tin",
  "taxOffice",
  "gemhNumber",
] as const;

/** The venue's invoicing settings (spec 3 §3): its tax details and its card terminals. */
export async function loadInvoicingDetails(db: Queryable, retailerId: number): Promise<InvoicingDetails> {
  const [venue] = await db
    .select({ enabled: retailers.invoicingEnabled, invoicing: retailers.invoicing })
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
  const field = (name: (typeof TAX_FIELDS)[number]) => venue.invoicing[name] ?? null;
  return {
    isInvoicingEnabled: venue.enabled,
    ...(Object.fromEntries(TAX_FIELDS.map((name) => [name, field(name)])) as Record<(typeof TAX_FIELDS)[number], string | null>),
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
  form: InvoicingDetailsForm;
}): Promise<InvoicingDetails> {
  const { db, retailerId, form } = options;
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
    const [venue] = await tx.select({ id: retailers.id }).from(retailers).where(eq(retailers.id, retailerId)).for("update");
    if (!venue) throw new AppError("not_found", 404, { entity: "retailer" });
    await tx
      .update(retailers)
      .set({
        invoicingEnabled: form.isInvoicingEnabled,
        invoicing: Object.fromEntries(TAX_FIELDS.map((name) => [name, form[name]])),
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
    for (const row of existing.filter((r) => !listed.has(r.tid))) {
      await tx.update(cardTerminals).set({ deletedAt: now }).where(eq(cardTerminals.id, row.id));
    }
  });
  return loadInvoicingDetails(db, retailerId);
}

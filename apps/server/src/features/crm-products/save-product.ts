import { isPricedFor } from "@tableorder/domain/availability";
import type { ProductForm } from "@tableorder/domain/contracts/crm-products";
import type { ProductOptionKind } from "@tableorder/domain/enums";
import { and, eq, isNull, max } from "drizzle-orm";
import { assertVenueCategory, assertVenuePreparationArea } from "../../auth/policies/back-office.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { productOptions, products } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
import { isForeignKeyViolation } from "../../lib/database-errors.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadProduct, translatingLanguages } from "./load-products.ts";
import { assertProductTranslated } from "./translations.ts";

type OptionInput = ProductForm["preparationWays"][number];

const OPTION_LISTS: [ProductOptionKind, "preparationWays" | "basicIngredients" | "extraIngredients"][] = [
  ["PREPARATION_WAY", "preparationWays"],
  ["BASIC_INGREDIENT", "basicIngredients"],
  ["EXTRA_INGREDIENT", "extraIngredients"],
];

/** The product's own columns from the form; prices are cents. */
function productValues(form: ProductForm) {
  return {
    name: form.name,
    nameEng: form.nameEng,
    nameTranslations: form.nameTranslations,
    type: form.type,
    description: form.description,
    descriptionEng: form.descriptionEng,
    descriptionTranslations: form.descriptionTranslations,
    hasDineInPrice: form.hasDineInPrice,
    priceCents: form.price,
    hasTakeAwayPrice: form.hasTakeAwayPrice,
    takeAwayPriceCents: form.takeAwayPrice ?? null,
    vatCategory: form.vatCategory,
    categoryId: form.categoryId,
    preparationAreaId: form.preparationAreaId,
    allergens: form.allergens,
  };
}

const pricingOf = (form: ProductForm) => ({
  hasDineInPrice: form.hasDineInPrice,
  hasTakeAwayPrice: form.hasTakeAwayPrice,
  takeAwayPriceCents: form.takeAwayPrice ?? null,
});

/**
 * A product is only available for a service it has a price for (spec 3 §5: the toggle is
 * disabled without a price): created without one it starts switched off for that service, and an
 * edit that takes the price away switches it off. An edit never switches a product on.
 */
function availabilityWithoutPrice(form: ProductForm) {
  return {
    ...(isPricedFor(pricingOf(form), "DINE_IN") ? {} : { active: false }),
    ...(isPricedFor(pricingOf(form), "TAKE_AWAY") ? {} : { takeAwayActive: false }),
  };
}

/** What the form refers to must be the venue's own, and its texts translated if the venue translates. */
async function checkReferences(tx: Tx, retailerId: number, form: ProductForm): Promise<void> {
  assertProductTranslated(form, await translatingLanguages(tx, retailerId));
  await assertVenueCategory(tx, retailerId, form.categoryId);
  if (form.preparationAreaId != null) await assertVenuePreparationArea(tx, retailerId, form.preparationAreaId);
}

/** The next position at the end of a category. */
async function endOf(tx: Tx, categoryId: number): Promise<number> {
  const [{ last }] = await tx
    .select({ last: max(products.sortOrder) })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), isNull(products.deletedAt)));
  return (last ?? -1) + 1;
}

/**
 * Brings a product's options in line with the form, list by list: an option sent with its id is
 * updated in place and keeps the id; one without an id is added; one left out is removed. Ordered
 * units froze their options' names and prices, so removing an option rewrites no history. An id
 * that is not this product's option of that list is refused (unknown_product_option).
 */
async function syncOptions(tx: Tx, productId: number, form: ProductForm): Promise<void> {
  const existing = await tx.select().from(productOptions).where(eq(productOptions.productId, productId));
  for (const [kind, list] of OPTION_LISTS) {
    const current = existing.filter((o) => o.kind === kind);
    const sent: OptionInput[] = form[list];
    const keptIds = new Set<number>();
    for (const option of sent) {
      if (option.id == null) continue;
      if (!current.some((o) => o.id === option.id) || keptIds.has(option.id))
        throw new AppError("unknown_product_option", 400, { productId, optionId: option.id });
      keptIds.add(option.id);
    }
    for (const gone of current.filter((o) => !keptIds.has(o.id))) {
      await tx.delete(productOptions).where(eq(productOptions.id, gone.id));
    }
    for (const [sortOrder, option] of sent.entries()) {
      const values = {
        name: option.name,
        nameEng: option.nameEng,
        nameTranslations: option.nameTranslations,
        priceCents: option.price,
        sortOrder,
      };
      if (option.id == null) await tx.insert(productOptions).values({ ...values, productId, kind });
      else await tx.update(productOptions).set(values).where(eq(productOptions.id, option.id));
    }
  }
}

/**
 * A category checked a moment ago can still be deleted by a category save running alongside; the
 * write then fails on its foreign key and is answered as the missing category it now is.
 */
async function withLiveCategory<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("not_found", 404, { entity: "category" });
    throw error;
  }
}

/** Adds a product at the end of its category; guests and staff see it at once (catalog.changed). */
export async function createProduct(options: { db: Db; events: EventBus; retailerId: number; form: ProductForm }) {
  const { db, retailerId, form } = options;
  const productId = await withLiveCategory(() =>
    db.transaction(async (tx) => {
      await checkReferences(tx, retailerId, form);
      const [product] = await tx
        .insert(products)
        .values({
          ...productValues(form),
          ...availabilityWithoutPrice(form),
          retailerId,
          sortOrder: await endOf(tx, form.categoryId),
        })
        .returning({ id: products.id });
      await syncOptions(tx, product.id, form);
      return product.id;
    }),
  );
  await options.events.publish({ type: "catalog.changed", retailerId, productId });
  return loadProduct(db, retailerId, productId);
}

/**
 * Edits a product and its options. Moving it to another category puts it at that category's end.
 * Availability is switched separately (active-status), so an edit never turns a product on.
 */
export async function updateProduct(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  retailerId: number;
  productId: number;
  form: ProductForm;
}) {
  const { db, retailerId, productId, form } = options;
  await withLiveCategory(() =>
    db.transaction(async (tx) => {
      const [product] = await tx
        .select({
          categoryId: products.categoryId,
          priceCents: products.priceCents,
          takeAwayPriceCents: products.takeAwayPriceCents,
        })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.retailerId, retailerId), isNull(products.deletedAt)))
        .for("update");
      if (!product) throw new AppError("not_found", 404, { entity: "product" });
      await checkReferences(tx, retailerId, form);
      const moved = product.categoryId !== form.categoryId;
      await tx
        .update(products)
        .set({
          ...productValues(form),
          ...availabilityWithoutPrice(form),
          ...(moved ? { sortOrder: await endOf(tx, form.categoryId) } : {}),
        })
        .where(eq(products.id, productId));
      await syncOptions(tx, productId, form);
      await auditPriceChanges(tx, options.principal, productId, form.name, product, productValues(form));
    }),
  );
  await options.events.publish({ type: "catalog.changed", retailerId, productId });
  return loadProduct(db, retailerId, productId);
}

/** Each service's price that an edit changed goes on the audit trail with the old and new price. */
async function auditPriceChanges(
  tx: Tx,
  principal: Principal,
  productId: number,
  name: string,
  before: { priceCents: number | null; takeAwayPriceCents: number | null },
  after: { priceCents: number | null; takeAwayPriceCents: number | null },
): Promise<void> {
  const prices = [
    ["DINE_IN", before.priceCents, after.priceCents],
    ["TAKE_AWAY", before.takeAwayPriceCents, after.takeAwayPriceCents],
  ] as const;
  for (const [serviceMode, old, now] of prices) {
    if (old === now) continue;
    await recordAudit(tx, principal, {
      kind: "PRICE_CHANGED",
      subject: name,
      amountBeforeCents: old,
      amountAfterCents: now,
      details: { productId, serviceMode },
    });
  }
}

import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { TRANSLATION_LANGUAGES, type Translations, type UiLanguage } from "@tableorder/domain/enums";
import { localize } from "@tableorder/domain/localized-name";
import type { OrderedOptions, orderProducts } from "../db/schema.ts";
import type { CreditDebtors } from "./credit-debtors.ts";

/**
 * The table feed's one grouping rule, shared by the guest's table screen, the staff table feed and
 * the waiter's task cards, so a line looks the same wherever it is shown.
 */

type OrderProductRow = typeof orderProducts.$inferSelect;

/**
 * A piece's names as frozen at order time, in the reader's language: the piece was ordered from a
 * menu, so the translations frozen with it are read as offered.
 */
const named = (lang: UiLanguage, name: string, nameEng: string | null, translations: Translations | undefined) =>
  localize(lang, TRANSLATION_LANGUAGES, name, nameEng, translations).text;

/** Who owes a piece left on credit (lib/credit-debtors.ts), or undefined for a piece not on credit. */
function creditOf(unit: OrderProductRow, credits: CreditDebtors): { debtor: string | null } | undefined {
  if (unit.paymentStatus !== "PAID" || unit.paymentId == null || !credits.has(unit.paymentId)) return undefined;
  return { debtor: credits.get(unit.paymentId) ?? null };
}

/** Pieces that look the same to a guest are one feed line; it still acts on each unit by id. */
function feedLineKey(unit: OrderProductRow, credits: CreditDebtors): string {
  const credit = creditOf(unit, credits);
  return [
    credit ? `credit:${credit.debtor ?? ""}` : "",
    unit.productId,
    unit.unitPriceCents,
    JSON.stringify(unit.options),
    unit.notes,
    unit.status,
    unit.paymentStatus,
    unit.discountCents > 0,
    unit.billed,
  ].join("|");
}

/**
 * Groups order units into the spec's table feed items, in the order the units come. credits (of
 * the units' payments) marks pieces left on credit; every reader passes it, so none shows them paid.
 */
export function groupFeedItems(units: readonly OrderProductRow[], lang: UiLanguage, credits: CreditDebtors): TableFeedItem[] {
  const lines = new Map<string, TableFeedItem>();
  for (const unit of units) {
    const key = feedLineKey(unit, credits);
    const line = lines.get(key);
    const timestamp = unit.createdAt.toISOString();
    if (line) {
      line.quantity += 1;
      line.orderProductIds.push(unit.id);
      if (timestamp > line.timestamp) line.timestamp = timestamp;
      continue;
    }
    const options: OrderedOptions = unit.options;
    const way = options.preparationWay;
    const credit = creditOf(unit, credits);
    lines.set(key, {
      id: `${unit.id}`,
      productId: unit.productId,
      name: named(lang, unit.productName, unit.productNameEng, unit.productNameTranslations),
      orderProductIds: [unit.id],
      quantity: 1,
      price: unit.unitPriceCents,
      status: unit.status as TableFeedItem["status"],
      paymentStatus: unit.paymentStatus as TableFeedItem["paymentStatus"],
      onCredit: credit != null,
      creditDebtor: credit?.debtor ?? null,
      hasDiscount: unit.discountCents > 0,
      billed: unit.billed,
      notes: unit.notes,
      preparationWay: way
        ? { id: way.id, name: named(lang, way.name, way.nameEng, way.nameTranslations), price: way.priceCents }
        : null,
      preparationWayPrice: way?.priceCents ?? 0,
      basicIngredientIds: options.basicIngredients.map((i) => ({
        id: i.id,
        name: named(lang, i.name, i.nameEng, i.nameTranslations),
        price: 0,
      })),
      extraIngredientIds: options.extraIngredients.map((i) => ({
        id: i.id,
        name: named(lang, i.name, i.nameEng, i.nameTranslations),
        price: i.priceCents,
      })),
      removedIngredients: options.removedIngredients.map((i) => ({
        id: i.id,
        name: named(lang, i.name, i.nameEng, i.nameTranslations),
        price: 0,
      })),
      timestamp,
    });
  }
  return [...lines.values()];
}

/** What the units cost, in cents, after their discounts: the amount a bill or a task shows. */
export function sumCents(units: readonly OrderProductRow[]): number {
  return units.reduce((sum, u) => sum + u.unitPriceCents - u.discountCents, 0);
}

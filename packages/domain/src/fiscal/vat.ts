import type { ProductType } from "../enums.ts";
import type { Cents } from "../money.ts";

/**
 * VAT as myDATA numbers it: category → rate in percent (INTEGRATIONS.md, myDATA). Category 7 is
 * 0 %, which AADE accepts only with a VAT exemption reason on the line.
 */
export const MYDATA_VAT_RATES = { 1: 24, 2: 13, 3: 6, 4: 17, 5: 9, 6: 4, 7: 0 } as const;
export type MydataVatCategory = keyof typeof MYDATA_VAT_RATES;
export type MydataVatRate = (typeof MYDATA_VAT_RATES)[MydataVatCategory];

const CATEGORY_OF_RATE = new Map<number, MydataVatCategory>(
  Object.entries(MYDATA_VAT_RATES).map(([category, rate]) => [rate, Number(category) as MydataVatCategory]),
);

/** The myDATA category of a rate in percent (a register section carries the rate); null if none has it. */
export function vatCategoryOfRate(rate: number): MydataVatCategory | null {
  return CATEGORY_OF_RATE.get(rate) ?? null;
}

/** The rate in percent of a myDATA category (a product carries the category); null for an unknown one. */
export function vatRateOfCategory(category: number): MydataVatRate | null {
  return Object.hasOwn(MYDATA_VAT_RATES, category) ? MYDATA_VAT_RATES[category as MydataVatCategory] : null;
}

export interface VatSplit {
  net: Cents;
  vat: Cents;
  gross: Cents;
}

/**
 * THE VAT rule of the product: a price charged is gross (Greek menu prices include VAT), so the
 * VAT in it is gross × rate ÷ (100 + rate), rounded half up to the cent, and net = gross − VAT:
 * net + VAT = gross exactly, and VAT = net × rate ÷ 100 to within a cent, as myDATA checks it.
 * *Departure:* spec 3 §9 writes "amount × rate ÷ 100; net is gross minus VAT", which applied to a
 * gross amount declares about a quarter more VAT than is due at 24 % (2,40 € instead of 1,94 € on
 * 10 €) and makes netValue × rate disagree with vatAmount. Integer arithmetic only:
 * ⌊(2·gross·rate + (100 + rate)) ÷ (2·(100 + rate))⌋ is the half-up rounding.
 */
export function splitVat(gross: Cents, category: MydataVatCategory): VatSplit {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`Not a non-negative amount in cents: ${gross}`);
  const rate = vatRateOfCategory(category);
  if (rate === null) throw new RangeError(`Unknown VAT category: ${category}`);
  const divisor = 100 + rate;
  const vat = Math.floor((2 * gross * rate + divisor) / (2 * divisor));
  return { net: gross - vat, vat, gross };
}

/** What was charged under one VAT category for goods or services: a product's price, a register section. */
export interface ChargedAmount {
  gross: Cents;
  vatCategory: MydataVatCategory;
  productType: ProductType;
}

/** One VAT section of a document (spec 3 §3): one category and type, its amounts split by splitVat. */
export interface VatSection extends VatSplit {
  vatCategory: MydataVatCategory;
  productType: ProductType;
}

/**
 * Groups what was charged into the document's sections, one per VAT category and product type,
 * and splits each section's gross: VAT is computed per section (spec 3 §9), not per piece, so
 * pieces' roundings never add up. Sections come in a stable order (category, then goods first);
 * empty ones are left out, since myDATA keeps no zero-value lines.
 */
export function buildVatSections(charged: readonly ChargedAmount[]): VatSection[] {
  const grossByKey = new Map<string, { vatCategory: MydataVatCategory; productType: ProductType; gross: Cents }>();
  for (const item of charged) {
    const key = `${item.vatCategory}:${item.productType}`;
    const entry = grossByKey.get(key) ?? { vatCategory: item.vatCategory, productType: item.productType, gross: 0 };
    entry.gross += item.gross;
    grossByKey.set(key, entry);
  }
  return [...grossByKey.values()]
    .filter((entry) => entry.gross > 0)
    .sort((a, b) => a.vatCategory - b.vatCategory || (a.productType === b.productType ? 0 : a.productType === "GOOD" ? -1 : 1))
    .map((entry) => ({
      vatCategory: entry.vatCategory,
      productType: entry.productType,
      ...splitVat(entry.gross, entry.vatCategory),
    }));
}

/** A document's totals: the sums of its sections, so net + VAT = gross holds in the total too. */
export function sumVatSections(sections: readonly VatSplit[]): VatSplit {
  return sections.reduce((total, s) => ({ net: total.net + s.net, vat: total.vat + s.vat, gross: total.gross + s.gross }), {
    net: 0,
    vat: 0,
    gross: 0,
  });
}

/**
 * Takes a discount off sections in proportion to their gross (largest remainder, exact in cents),
 * so a discounted sale's document shows what was really charged under each VAT category. No
 * section goes below 0; a discount larger than the sum is refused.
 */
export function discountSections<T extends { gross: Cents }>(sections: readonly T[], discount: Cents): (T & { gross: Cents })[] {
  const total = sections.reduce((sum, s) => sum + s.gross, 0);
  if (!Number.isSafeInteger(discount) || discount < 0 || discount > total) {
    throw new RangeError(`A discount of ${discount} cannot come off ${total}`);
  }
  if (discount === 0 || total === 0) return sections.map((s) => ({ ...s }));
  const shares = sections.map((s, index) => {
    const exact = (discount * s.gross) / total;
    return { index, cut: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = discount - shares.reduce((sum, s) => sum + s.cut, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    share.cut += 1;
    left -= 1;
  }
  return sections.map((s, index) => ({ ...s, gross: s.gross - shares[index].cut }));
}

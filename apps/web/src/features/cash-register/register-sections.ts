import type { RegisterSection, VatRate } from "@tableorder/domain/contracts/cash-desk";
import { type ProductType, SERVICE_MODES, type ServiceMode } from "@tableorder/domain/enums";
import { splitVat, vatCategoryOfRate } from "@tableorder/domain/fiscal/vat";

/** A register sale holds at most this many sections (the receipt request's limit). */
export const MAX_SECTIONS = 50;
/** The largest amount one section may carry, in cents (the API's cents limit). */
export const MAX_SECTION_CENTS = 100_000_000;

/** A section on the panel, with a key for the list (two equal amounts are two sections). */
export interface PanelSection extends RegisterSection {
  key: string;
}

/**
 * The keypad enters cents the way a till does: each digit shifts in from the right ("1","2","5"
 * reads 1,25 €), "00" adds two, backspace drops the last; the amount never exceeds the API's limit.
 */
export function pressKey(cents: number, key: string): number {
  if (key === "back") return Math.floor(cents / 10);
  if (key === "clear") return 0;
  if (!/^\d{1,2}$/.test(key)) return cents;
  const next = cents * 10 ** key.length + Number(key);
  return next > MAX_SECTION_CENTS ? cents : next;
}

/** The sale's total: what the sections add up to, before any discount. */
export function sectionsTotal(sections: readonly Pick<RegisterSection, "sectionAmount">[]): number {
  return sections.reduce((sum, section) => sum + section.sectionAmount, 0);
}

/**
 * The VAT held in a section's amount and what is left net, by the product's one VAT rule
 * (`splitVat`, the one fiscal documents use); shown on the panel for the cashier to check.
 */
export function sectionVat(section: Pick<RegisterSection, "sectionAmount" | "sectionVat">): { vat: number; net: number } {
  const category = vatCategoryOfRate(section.sectionVat);
  if (category === null) throw new RangeError(`Not a VAT rate: ${section.sectionVat}`);
  const { vat, net } = splitVat(section.sectionAmount, category);
  return { vat, net };
}

/** A new section, or null while the amount is 0 (spec 3 §5: the register amount is required). */
export function makeSection(options: {
  amount: number;
  vat: VatRate;
  type: ProductType;
  key: string;
  count: number;
}): PanelSection | null {
  const { amount, vat, type, key, count } = options;
  if (!(amount > 0) || amount > MAX_SECTION_CENTS || count >= MAX_SECTIONS) return null;
  return { key, sectionAmount: amount, sectionVat: vat, sectionType: type };
}

/** The `source` query parameter as a sale's service mode; anything else is no choice yet. */
export function parseSource(value: string | null): ServiceMode | null {
  return SERVICE_MODES.find((mode) => mode === value) ?? null;
}

/** A dine-in sale names its table; take-away and delivery sales have none. */
export const sourceNeedsTable = (source: ServiceMode) => source === "DINE_IN";

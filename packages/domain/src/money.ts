/**
 * Money is integer cents everywhere inside the product; euros with two decimals exist only at
 * the edges (what a person types or reads).
 */
export type Cents = number;

/** Parses what a person typed in euros into cents, or null when it is not a number. */
export function eurosToCents(input: string | number): Cents | null {
  const text = typeof input === "number" ? String(input) : input.trim().replace(",", ".");
  if (text === "" || !/^-?\d*(\.\d*)?$/.test(text) || text === "." || text === "-") return null;
  return Math.round(Number(text) * 100);
}

/** Cents as a euro amount rounded to 2 decimals, e.g. for JSON fields the spec calls price. */
export function centsToEuros(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Rounds a number to 2 decimals the way number inputs must (spec 1 §5). */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

const euroFormatters = new Map<string, Intl.NumberFormat>();

/** "12,50 €" in Greek, "€12.50" in English. */
export function formatEuros(cents: Cents, locale = "el-GR"): string {
  let formatter = euroFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2 });
    euroFormatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}

/** Adds cents safely: rejects anything that is not an integer, so euro floats never sneak in. */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const value of values) {
    if (!Number.isInteger(value)) throw new TypeError(`Not an amount in cents: ${value}`);
    total += value;
  }
  return total;
}

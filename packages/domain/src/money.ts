/**
 * Money is integer cents everywhere inside the product; euros with two decimals exist only at
 * the edges (what a person types or reads).
 */
export type Cents = number;

/**
 * Parses what a person typed in euros into cents, or null when it is not a number. Works on the
 * decimal digits themselves, so 1.005 rounds half up to 101 cents instead of float's 100.
 */
export function eurosToCents(input: string | number): Cents | null {
  const text = (typeof input === "number" ? String(input) : input).trim().replace(",", ".");
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return null;
  const [, sign, whole, fraction = ""] = match;
  const digits = `${fraction}000`;
  const cents = Number(whole || "0") * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return sign ? -cents : cents;
}

/** The decimal mark a reader types and reads: a comma in Greek ("9,50"), a dot in English ("9.50"). */
export type DecimalMark = "," | ".";

/** The decimal mark of a language or locale ("el", "el-GR" → ","; "en", "en-US" → "."). */
export function decimalMarkOf(lang: string): DecimalMark {
  return lang.toLowerCase().startsWith("en") ? "." : ",";
}

/**
 * What an amount field (a price, a payment amount, a percentage) keeps of a keystroke, the one
 * rule for every such field (spec 1-3 §5): digits with one decimal mark, typed as a comma or a dot
 * and shown as the reader's mark; more than 2 decimals are rounded; anything else becomes empty.
 */
export function cleanAmountText(typed: string, mark: DecimalMark): string {
  const text = typed.trim().replace(/[.,]/, ".");
  if (!/^\d*(?:\.\d*)?$/.test(text)) return "";
  const fraction = text.split(".")[1];
  if (fraction !== undefined && fraction.length > 2) return centsToAmountText(eurosToCents(text), mark);
  return text.replace(".", mark);
}

/** Cents as an amount field shows them, with 2 decimals in the reader's mark: 950 → "9,50" in Greek. */
export function centsToAmountText(cents: Cents | null | undefined, mark: DecimalMark): string {
  return cents == null ? "" : (cents / 100).toFixed(2).replace(".", mark);
}

/** Rounds a number to 2 decimals the way number inputs must (spec 1 §5), half up on the digits. */
export function roundTo2(value: number): number {
  const cents = eurosToCents(value.toFixed(10));
  return cents === null ? Number.NaN : cents / 100;
}

/** Cents as a euro amount rounded to 2 decimals, e.g. for JSON fields the spec calls price. */
export function centsToEuros(cents: Cents): number {
  return Math.round(cents) / 100;
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

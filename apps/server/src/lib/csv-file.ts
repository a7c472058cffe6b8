/**
 * CSV for the accountant and the owner (issues 14, 16): `;`-separated with a decimal comma and a
 * UTF-8 byte order mark, CRLF line ends, the way Greek Excel opens a file by double-click.
 */
const BOM = "\uFEFF";

/** Cents as euros with a decimal comma: 1234 → "12,34". */
export const csvEuros = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;

const cell = (value: string | number) => {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The whole file: a header row and the data rows. */
export const csvFile = (rows: (string | number)[][]) => `${BOM}${rows.map((r) => r.map(cell).join(";")).join("\r\n")}\r\n`;

/**
 * Word wrapping by printer columns. The text must already be printable (one character per column,
 * see `printable`), so the length of a string is its width.
 */

/**
 * Splits text into lines of at most `firstWidth` columns for the first and `restWidth` for the
 * others; words longer than a line are cut. Runs of whitespace become one space. Empty text gives
 * no lines.
 */
export function wrapText(text: string, firstWidth: number, restWidth: number = firstWidth): string[] {
  const words = text.split(/[ \t\r\n]+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  const width = () => Math.max(1, lines.length === 0 ? firstWidth : restWidth);
  for (let word of words) {
    while (word) {
      if (!current) {
        if (word.length <= width()) {
          current = word;
          word = "";
        } else {
          lines.push(word.slice(0, width()));
          word = word.slice(width());
        }
      } else if (current.length + 1 + word.length <= width()) {
        current += ` ${word}`;
        word = "";
      } else {
        lines.push(current);
        current = "";
      }
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Lines that start with `prefix` and continue under it indented by `indent` spaces, for items such
 * as "2x Χωριάτικη" whose long names wrap under the name, not under the quantity.
 */
export function hangingLines(prefix: string, text: string, width: number, indent: number = prefix.length): string[] {
  const pad = " ".repeat(indent);
  const lines = wrapText(text, width - prefix.length, width - indent);
  if (!lines.length) return [prefix.trimEnd()];
  return lines.map((line, i) => (i === 0 ? prefix : pad) + line);
}

/** One line with `left` at the start and `right` at the end, or two lines when they do not fit. */
export function twoColumns(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [left + " ".repeat(width - left.length - right.length) + right];
  return [...wrapText(left, width), ...wrapText(right, width).map((line) => line.padStart(width))];
}

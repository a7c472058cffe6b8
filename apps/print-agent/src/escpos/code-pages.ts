/**
 * Greek code pages for ESC/POS printers, written from the code page definitions (the upper half,
 * bytes 0x80–0xFF; the lower half is ASCII in all three). A printer prints one byte per column, so
 * text is first made "printable" (every character has a byte in the page, or is replaced by a
 * fallback) and only then measured, wrapped and encoded.
 */

export const CODE_PAGES = ["cp737", "windows1253", "iso8859-7"] as const;
export type CodePageName = (typeof CODE_PAGES)[number];

/** Marks a byte the code page leaves undefined. */
const NONE = "\uFFFD";

/** Characters for bytes 0x80–0xFF, 16 per row. */
const UPPER_HALVES: Record<CodePageName, string> = {
  // IBM/MS-DOS 737 (Greek, "DOS Greek"): no € sign, no ΐ/ΰ.
  cp737: [
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠ",
    "ΡΣΤΥΦΧΨΩαβγδεζηθ",
    "ικλμνξοπρσςτυφχψ",
    "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐",
    "└┴┬├─┼╞╟╚╔╩╦╠═╬╧",
    "╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀",
    "ωάέήϊίόύϋώΆΈΉΊΌΎ",
    "Ώ±≥≤ΪΫ÷≈°∙·√ⁿ²■\u00A0",
  ].join(""),
  // Windows-1253 (Greek ANSI).
  windows1253: [
    `€${NONE}‚ƒ„…†‡${NONE}‰${NONE}‹${NONE}${NONE}${NONE}${NONE}`,
    `${NONE}‘’“”•–—${NONE}™${NONE}›${NONE}${NONE}${NONE}${NONE}`,
    `\u00A0΅Ά£¤¥¦§¨©${NONE}«¬\u00AD®―`,
    "°±²³΄µ¶·ΈΉΊ»Ό½ΎΏ",
    "ΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟ",
    `ΠΡ${NONE}ΣΤΥΦΧΨΩΪΫάέήί`,
    "ΰαβγδεζηθικλμνξο",
    `πρςστυφχψωϊϋόύώ${NONE}`,
  ].join(""),
  // ISO-8859-7 as of 1987. The 2003 additions (€ at 0xA4, ₯ at 0xA5, ͺ at 0xAA) are left out on
  // purpose: printer firmware often predates them, and "EUR" prints right everywhere.
  "iso8859-7": [
    NONE.repeat(16),
    NONE.repeat(16),
    `\u00A0‘’£${NONE}${NONE}¦§¨©${NONE}«¬\u00AD${NONE}―`,
    "°±²³΄΅Ά·ΈΉΊ»Ό½ΎΏ",
    "ΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟ",
    `ΠΡ${NONE}ΣΤΥΦΧΨΩΪΫάέήί`,
    "ΰαβγδεζηθικλμνξο",
    `πρςστυφχψωϊϋόύώ${NONE}`,
  ].join(""),
};

/** The `ESC t n` numbers of these pages on Epson printers (Star and others number them differently). */
export const EPSON_CODE_PAGE_NUMBERS: Record<CodePageName, number> = {
  cp737: 14,
  "iso8859-7": 15,
  windows1253: 47,
};

/** Replacements for characters a page lacks, tried before stripping accents. */
const FALLBACKS: Record<string, string> = {
  "€": "EUR",
  "‘": "'",
  "’": "'",
  "‚": "'",
  "‛": "'",
  "΄": "'",
  "“": '"',
  "”": '"',
  "„": '"',
  "«": '"',
  "»": '"',
  "–": "-",
  "—": "-",
  "―": "-",
  "‐": "-",
  "−": "-",
  "…": "...",
  "•": "*",
  "·": ".",
  "×": "x",
  "½": "1/2",
  "¼": "1/4",
  "¾": "3/4",
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  "\u00A0": " ",
  "\u00AD": "",
};

interface CodePageTable {
  encode: Map<string, number>;
  decode: string[];
}

const tables = new Map<CodePageName, CodePageTable>();

function table(codePage: CodePageName): CodePageTable {
  let t = tables.get(codePage);
  if (!t) {
    const upper = Array.from(UPPER_HALVES[codePage]);
    if (upper.length !== 128) throw new Error(`code page ${codePage} must define 128 characters, has ${upper.length}`);
    const decode: string[] = [];
    const encode = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const char = byte < 0x80 ? String.fromCharCode(byte) : upper[byte - 0x80];
      decode.push(char);
      // Control characters never come from text: they would be printer commands.
      const printable = (byte >= 0x20 && byte < 0x7f) || (byte >= 0x80 && char !== NONE);
      if (printable && !encode.has(char)) encode.set(char, byte);
    }
    t = { encode, decode };
    tables.set(codePage, t);
  }
  return t;
}

function fits(text: string, encode: Map<string, number>): boolean {
  for (const char of text) if (!encode.has(char)) return false;
  return true;
}

function printableChar(char: string, encode: Map<string, number>): string {
  if (encode.has(char)) return char;
  if (/\s/.test(char)) return " ";
  if (/\p{Cc}/u.test(char)) return "";
  if (/[\p{M}\p{Cf}]/u.test(char)) return "";
  const fallback = FALLBACKS[char];
  if (fallback !== undefined && fits(fallback, encode)) return fallback;
  // ΐ → ϊ in CP737: drop the accent (tonos) first, keep the diaeresis.
  const decomposed = char.normalize("NFD");
  const withoutAccent = decomposed.replace(/[\u0301\u0300\u0342]/g, "").normalize("NFC");
  if (withoutAccent && fits(withoutAccent, encode)) return withoutAccent;
  const base = decomposed.replace(/\p{M}/gu, "").normalize("NFC");
  if (base && fits(base, encode)) return base;
  return "?";
}

/**
 * Returns the text as it will print on this code page: one character per printed column, every one
 * of them encodable. Measure and wrap this, not the original.
 */
export function printable(text: string, codePage: CodePageName): string {
  const { encode } = table(codePage);
  let out = "";
  for (const char of text.normalize("NFC")) out += printableChar(char, encode);
  return out;
}

/** Encodes text on the code page, applying `printable` first, so the result never holds a control byte. */
export function encodeText(text: string, codePage: CodePageName): Uint8Array {
  const { encode } = table(codePage);
  const safe = printable(text, codePage);
  const bytes = new Uint8Array(safe.length);
  let i = 0;
  for (const char of safe) bytes[i++] = encode.get(char) ?? 0x3f;
  return bytes.subarray(0, i);
}

/** Turns bytes printed on the code page back into text (undefined bytes become U+FFFD). */
export function decodeText(bytes: Uint8Array, codePage: CodePageName): string {
  const { decode } = table(codePage);
  let out = "";
  for (const byte of bytes) out += decode[byte];
  return out;
}

/** The code page an Epson `ESC t n` selects, when it is one of ours. */
export function codePageForEpsonNumber(n: number): CodePageName | null {
  for (const name of CODE_PAGES) if (EPSON_CODE_PAGE_NUMBERS[name] === n) return name;
  return null;
}

import { describe, expect, it } from "vitest";
import { CODE_PAGES, decodeText, EPSON_CODE_PAGE_NUMBERS, encodeText, printable } from "./code-pages.ts";

const CAPITALS = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ";
const SMALLS = "αβγδεζηθικλμνξοπρσςτυφχψω";
const ACCENTED = "άέήίόύώϊϋΆΈΉΊΌΎΏΪΫ";

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ");

describe("CP737", () => {
  it("maps Greek capitals to 0x80–0x97 and smalls to 0x98–0xAF, ω to 0xE0", () => {
    expect(Array.from(encodeText(CAPITALS, "cp737"))).toEqual(Array.from({ length: 24 }, (_, i) => 0x80 + i));
    expect(Array.from(encodeText("αβγδεζηθικλμνξοπρσςτυφχψ", "cp737"))).toEqual(Array.from({ length: 24 }, (_, i) => 0x98 + i));
    expect(hex(encodeText("ω", "cp737"))).toBe("e0");
  });

  it("maps the accented letters to 0xE1–0xF0 and Ϊ Ϋ to 0xF4, 0xF5", () => {
    expect(hex(encodeText("άέήϊίόύϋώ", "cp737"))).toBe("e1 e2 e3 e4 e5 e6 e7 e8 e9");
    expect(hex(encodeText("ΆΈΉΊΌΎΏ", "cp737"))).toBe("ea eb ec ed ee ef f0");
    expect(hex(encodeText("ΪΫ", "cp737"))).toBe("f4 f5");
  });

  it("has no ΐ or ΰ: prints them with the diaeresis and without the accent", () => {
    expect(printable("ΐΰ", "cp737")).toBe("ϊϋ");
    expect(hex(encodeText("ΐΰ", "cp737"))).toBe("e4 e8");
  });

  it("has no € sign: prints EUR", () => {
    expect(printable("12,50 €", "cp737")).toBe("12,50 EUR");
  });
});

describe("Windows-1253 and ISO-8859-7", () => {
  it("place the alphabet at 0xC1–0xFE with the final sigma at 0xF2", () => {
    for (const page of ["windows1253", "iso8859-7"] as const) {
      expect(hex(encodeText("ΑΩαωςΐΰ", page))).toBe("c1 d9 e1 f9 f2 c0 e0");
      expect(hex(encodeText("άέήί", page))).toBe("dc dd de df");
      expect(hex(encodeText("όύώ", page))).toBe("fc fd fe");
    }
  });

  it("differ on Ά (0xA2 in 1253, 0xB6 in 8859-7) and on the euro", () => {
    expect(hex(encodeText("Ά", "windows1253"))).toBe("a2");
    expect(hex(encodeText("Ά", "iso8859-7"))).toBe("b6");
    expect(hex(encodeText("€", "windows1253"))).toBe("80");
    // The 2003 additions are left out: older firmware prints something else at 0xA4.
    expect(printable("€", "iso8859-7")).toBe("EUR");
  });
});

describe("every Greek page", () => {
  it.each(CODE_PAGES)("%s round-trips the whole alphabet with accents", (page) => {
    const text = `${CAPITALS} ${SMALLS} ${ACCENTED} Χωριάτικη, Μουσακάς; Παϊδάκια!`;
    const bytes = encodeText(text, page);
    expect(bytes.length).toBe(text.length);
    expect(decodeText(bytes, page)).toBe(text);
  });

  it.each(CODE_PAGES)("%s never lets text carry a control byte", (page) => {
    const bytes = encodeText("a\x1b@b\x1dV\x01c\nd\te\x00", page);
    expect(Array.from(bytes).some((b) => b < 0x20 || b === 0x7f)).toBe(false);
    expect(decodeText(bytes, page)).toBe("a@bVc d e");
  });

  it.each(CODE_PAGES)("%s reads decomposed input (α + combining acute) as ά", (page) => {
    expect(decodeText(encodeText("ά".normalize("NFD"), page), page)).toBe("ά");
  });

  it.each(CODE_PAGES)("%s replaces what it cannot print, one printable character per column", (page) => {
    const expected = {
      cp737: 'Creme brulee - "Ωραία"...',
      windows1253: "Creme brulee – “Ωραία”…",
      "iso8859-7": 'Creme brulee - "Ωραία"...',
    };
    expect(printable("Crème brûlée – “Ωραία”…", page)).toBe(expected[page]);
    expect(printable("Pizza 🍕", page)).toBe("Pizza ?");
    expect(printable("❤️", page)).toBe("?");
  });

  it("selects the pages with Epson's ESC t numbers", () => {
    expect(EPSON_CODE_PAGE_NUMBERS).toEqual({ cp737: 14, "iso8859-7": 15, windows1253: 47 });
  });
});

import { describe, expect, it } from "vitest";
import { decodeEscPos } from "./decode.ts";
import { EscPosEncoder } from "./encoder.ts";
import { hangingLines, twoColumns, wrapText } from "./wrap.ts";

const bytes = (e: EscPosEncoder) => Array.from(e.encode());

describe("EscPosEncoder", () => {
  it("initializes the printer and selects the code page", () => {
    expect(bytes(new EscPosEncoder({ codePage: "cp737" }).initialize())).toEqual([0x1b, 0x40, 0x1b, 0x74, 14]);
    expect(bytes(new EscPosEncoder({ codePage: "windows1253" }).initialize())).toEqual([0x1b, 0x40, 0x1b, 0x74, 47]);
    expect(bytes(new EscPosEncoder({ codePage: "iso8859-7" }).initialize())).toEqual([0x1b, 0x40, 0x1b, 0x74, 15]);
    // Printers that number their pages differently.
    expect(bytes(new EscPosEncoder({ codePage: "cp737", codePageNumber: 15 }).selectCodePage())).toEqual([0x1b, 0x74, 15]);
  });

  it("encodes size, bold, inversion, alignment, feed and cut", () => {
    const e = new EscPosEncoder({ codePage: "cp737" });
    e.size(2).size(1, 1).size(3, 2).bold(true).bold(false).invert(true).invert(false);
    e.align("left").align("center").align("right").feed(4).cut().cut("full");
    expect(bytes(e)).toEqual(
      [
        [0x1d, 0x21, 0x11],
        [0x1d, 0x21, 0x00],
        [0x1d, 0x21, 0x21],
        [0x1b, 0x45, 1],
        [0x1b, 0x45, 0],
        [0x1d, 0x42, 1],
        [0x1d, 0x42, 0],
        [0x1b, 0x61, 0],
        [0x1b, 0x61, 1],
        [0x1b, 0x61, 2],
        [0x1b, 0x64, 4],
        [0x1d, 0x56, 1],
        [0x1d, 0x56, 0],
      ].flat(),
    );
  });

  it("keeps sizes within 1–8", () => {
    expect(bytes(new EscPosEncoder({ codePage: "cp737" }).size(0, 9))).toEqual([0x1d, 0x21, 0x07]);
  });
});

describe("decodeEscPos", () => {
  it("reads the commands and the lines back with their style", () => {
    const e = new EscPosEncoder({ codePage: "cp737" }).initialize();
    e.align("center").size(2).bold(true).line("Τραπέζι 5").bold(false).size(1).align("left");
    e.text("  ").invert(true).text("ΓΑΛΑ").invert(false).newline();
    e.feed(3).cut();
    const decoded = decodeEscPos(e.encode());
    expect(decoded.commands.map((c) => c.type)).toEqual([
      "init",
      "codePage",
      "align",
      "size",
      "bold",
      "text",
      "newline",
      "bold",
      "size",
      "align",
      "text",
      "invert",
      "text",
      "invert",
      "newline",
      "feed",
      "cut",
    ]);
    expect(decoded.commands.at(-1)).toEqual({ type: "cut", partial: true });
    expect(decoded.lines).toEqual([
      { text: "Τραπέζι 5", width: 2, height: 2, columns: 18, bold: true, inverted: false, align: "center" },
      { text: "  ΓΑΛΑ", width: 1, height: 1, columns: 6, bold: false, inverted: true, align: "left" },
    ]);
  });

  it("skips the data of images and QR codes in raw jobs", () => {
    const raw = Uint8Array.from([0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 0x0a, 0x0a, 0x0a, 0x0a, 0x41, 0x0a]);
    expect(decodeEscPos(raw).lines.map((l) => l.text)).toEqual(["A"]);
  });
});

describe("wrapping by columns", () => {
  it("wraps on words, counting each Greek letter, accented or not, as one column", () => {
    expect(wrapText("Χωριάτικη σαλάτα με φέτα", 10)).toEqual(["Χωριάτικη", "σαλάτα με", "φέτα"]);
  });

  it("cuts words longer than a line and collapses whitespace", () => {
    expect(wrapText("  Καλαμαράκια\n\tτηγανητά  ", 5)).toEqual(["Καλαμ", "αράκι", "α", "τηγαν", "ητά"]);
    expect(wrapText("   ", 10)).toEqual([]);
  });

  it("hangs continuation lines under the text, not the prefix", () => {
    expect(hangingLines("2x ", "Σουβλάκι χοιρινό με πίτα", 14)).toEqual(["2x Σουβλάκι", "   χοιρινό με", "   πίτα"]);
    for (const line of hangingLines("10x ", "α ".repeat(40), 24)) expect(line.length).toBeLessThanOrEqual(24);
  });

  it("puts two columns on one line when they fit, else right-aligns the second on its own", () => {
    expect(twoColumns("18:42", "Πακέτο", 16)).toEqual(["18:42     Πακέτο"]);
    expect(twoColumns("18:42 21/05/2025", "Στο τραπέζι", 24)).toEqual(["18:42 21/05/2025", "             Στο τραπέζι"]);
  });
});

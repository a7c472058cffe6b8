import { type CodePageName, codePageForEpsonNumber, decodeText } from "./code-pages.ts";
import type { Alignment } from "./encoder.ts";

/** One command found in an ESC/POS byte stream. */
export type EscPosCommand =
  | { type: "init" }
  | { type: "codePage"; n: number }
  | { type: "size"; width: number; height: number }
  | { type: "bold"; on: boolean }
  | { type: "invert"; on: boolean }
  | { type: "align"; align: Alignment }
  | { type: "feed"; lines: number }
  | { type: "cut"; partial: boolean }
  | { type: "text"; text: string }
  /** GS ( k, cn 49: a QR code function (165 model, 167 module size, 169 error level, 180 store, 181 print). */
  | { type: "qr"; fn: number; value?: number; data?: string }
  | { type: "newline" }
  | { type: "unknown"; bytes: number[] };

/** A printed line of text with the style it printed in. */
export interface PrintedLine {
  text: string;
  /** Largest width / height multiplier on the line. */
  width: number;
  height: number;
  /** Columns of the 48-column paper the line takes: each character counts its width multiplier. */
  columns: number;
  bold: boolean;
  inverted: boolean;
  align: Alignment;
}

/** A QR code the stream printed: the data stored before the print command, and its module size. */
export interface PrintedQrCode {
  data: string;
  model: number | null;
  moduleSize: number | null;
  /** The number of lines printed before it. */
  afterLine: number;
}

export interface DecodedEscPos {
  commands: EscPosCommand[];
  lines: PrintedLine[];
  qrCodes: PrintedQrCode[];
}

interface Style {
  width: number;
  height: number;
  bold: boolean;
  inverted: boolean;
  align: Alignment;
}

const ALIGN_BY_N: Record<number, Alignment> = { 0: "left", 1: "center", 2: "right", 48: "left", 49: "center", 50: "right" };

/**
 * Reads ESC/POS bytes back into commands and text lines, decoding text with the code page the
 * stream selected (`ESC t n`, Epson numbering). Used by the tests and by the agent's --dry-run;
 * commands it does not know are kept as `unknown` with the bytes it skipped.
 */
export function decodeEscPos(bytes: Uint8Array): DecodedEscPos {
  const commands: EscPosCommand[] = [];
  const lines: PrintedLine[] = [];
  const qrCodes: PrintedQrCode[] = [];
  let qr: { model: number | null; moduleSize: number | null; data: string | null } = {
    model: null,
    moduleSize: null,
    data: null,
  };
  let style: Style = { width: 1, height: 1, bold: false, inverted: false, align: "left" };
  let codePage: CodePageName | null = null;
  let chars: { char: string; style: Style }[] = [];
  let lineAlign: Alignment | null = null;
  let textRun: number[] = [];

  const flushText = () => {
    if (!textRun.length) return;
    const raw = Uint8Array.from(textRun);
    textRun = [];
    const text = codePage
      ? decodeText(raw, codePage)
      : Array.from(raw, (b) => (b < 0x80 ? String.fromCharCode(b) : "\uFFFD")).join("");
    commands.push({ type: "text", text });
    if (lineAlign === null) lineAlign = style.align;
    for (const char of text) chars.push({ char, style });
  };
  const endLine = () => {
    lines.push({
      text: chars.map((c) => c.char).join(""),
      width: Math.max(1, ...chars.map((c) => c.style.width)),
      height: Math.max(1, ...chars.map((c) => c.style.height)),
      columns: chars.reduce((sum, c) => sum + c.style.width, 0),
      bold: chars.some((c) => c.style.bold && c.char.trim() !== ""),
      inverted: chars.some((c) => c.style.inverted),
      align: lineAlign ?? style.align,
    });
    chars = [];
    lineAlign = null;
  };
  const command = (c: EscPosCommand) => {
    flushText();
    commands.push(c);
  };

  let i = 0;
  const at = (k: number) => bytes[i + k] ?? 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === 0x1b) {
      const op = at(1);
      if (op === 0x40) {
        command({ type: "init" });
        style = { width: 1, height: 1, bold: false, inverted: false, align: "left" };
        i += 2;
      } else if (op === 0x74) {
        command({ type: "codePage", n: at(2) });
        codePage = codePageForEpsonNumber(at(2));
        i += 3;
      } else if (op === 0x45) {
        command({ type: "bold", on: (at(2) & 1) === 1 });
        style = { ...style, bold: (at(2) & 1) === 1 };
        i += 3;
      } else if (op === 0x61) {
        const align = ALIGN_BY_N[at(2)] ?? "left";
        command({ type: "align", align });
        style = { ...style, align };
        i += 3;
      } else if (op === 0x64) {
        command({ type: "feed", lines: at(2) });
        if (chars.length) endLine();
        i += 3;
      } else if (op === 0x21) {
        // ESC ! n: print mode; bit 3 emphasized, bit 4 double height, bit 5 double width.
        const n = at(2);
        command({ type: "unknown", bytes: [0x1b, 0x21, n] });
        style = { ...style, bold: (n & 0x08) !== 0, height: n & 0x10 ? 2 : 1, width: n & 0x20 ? 2 : 1 };
        i += 3;
      } else {
        command({ type: "unknown", bytes: [0x1b, op] });
        i += 2;
      }
    } else if (b === 0x1d) {
      const op = at(1);
      if (op === 0x21) {
        const n = at(2);
        const size = { width: ((n >> 4) & 0x07) + 1, height: (n & 0x07) + 1 };
        command({ type: "size", ...size });
        style = { ...style, ...size };
        i += 3;
      } else if (op === 0x42) {
        command({ type: "invert", on: (at(2) & 1) === 1 });
        style = { ...style, inverted: (at(2) & 1) === 1 };
        i += 3;
      } else if (op === 0x56) {
        const m = at(2);
        command({ type: "cut", partial: m === 1 || m === 49 || m === 66 });
        if (chars.length) endLine();
        i += m === 65 || m === 66 ? 4 : 3;
      } else if (op === 0x28) {
        // GS ( k pL pH …: a function with a length (QR codes and the like).
        const length = at(3) + at(4) * 256;
        if (at(2) === 0x6b && at(5) === 0x31 && length >= 3) {
          const fn = at(6) + 100;
          const body = bytes.subarray(i + 7, i + 5 + length);
          if (fn === 180) {
            const data = String.fromCharCode(...body.subarray(1));
            command({ type: "qr", fn, data });
            qr = { ...qr, data };
          } else {
            command({ type: "qr", fn, value: body[0] });
            if (fn === 165) qr = { ...qr, model: (body[0] ?? 0) - 0x30 };
            if (fn === 167) qr = { ...qr, moduleSize: body[0] ?? null };
            if (fn === 181 && qr.data !== null) {
              if (chars.length) endLine();
              qrCodes.push({ data: qr.data, model: qr.model, moduleSize: qr.moduleSize, afterLine: lines.length });
            }
          }
        } else {
          command({ type: "unknown", bytes: Array.from(bytes.subarray(i, i + 5)) });
        }
        i += 5 + length;
      } else if (op === 0x76 && at(2) === 0x30) {
        // GS v 0 m xL xH yL yH data: a raster image.
        const length = (at(4) + at(5) * 256) * (at(6) + at(7) * 256);
        command({ type: "unknown", bytes: Array.from(bytes.subarray(i, i + 8)) });
        i += 8 + length;
      } else {
        command({ type: "unknown", bytes: [0x1d, op] });
        i += 2;
      }
    } else if (b === 0x0a) {
      command({ type: "newline" });
      endLine();
      i += 1;
    } else if (b < 0x20 || b === 0x7f) {
      command({ type: "unknown", bytes: [b] });
      i += 1;
    } else {
      textRun.push(b);
      i += 1;
    }
  }
  flushText();
  if (chars.length) endLine();
  return { commands, lines, qrCodes };
}

/** Renders decoded lines for a console: a style mark, then the text as it would sit on the paper. */
export function formatPrintedLines(lines: PrintedLine[], paperColumns = 48): string {
  return lines
    .map((line) => {
      const width = Math.floor(paperColumns / line.width);
      const pad =
        line.align === "center"
          ? Math.floor((width - line.text.length) / 2)
          : line.align === "right"
            ? width - line.text.length
            : 0;
      const marks = `${line.width}x${line.height}${line.bold ? "B" : " "}${line.inverted ? "I" : " "}`;
      return `${marks} |${" ".repeat(Math.max(0, pad))}${line.text}`;
    })
    .join("\n");
}

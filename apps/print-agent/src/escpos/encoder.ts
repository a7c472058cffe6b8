import { type CodePageName, EPSON_CODE_PAGE_NUMBERS, encodeText } from "./code-pages.ts";

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;
/** Largest QR payload we send: a myDATA URL is far shorter; model 2 at level M holds 2331 bytes. */
export const QR_MAX_DATA = 2000;

export type Alignment = "left" | "center" | "right";
const ALIGNMENTS: Record<Alignment, number> = { left: 0, center: 1, right: 2 };

export interface EncoderOptions {
  codePage: CodePageName;
  /** The printer's `ESC t n` for this code page, when it is not Epson's numbering. */
  codePageNumber?: number;
}

/**
 * A small ESC/POS command builder: only the commands our tickets use, each a method that appends
 * bytes. Text goes through the code page with its fallbacks and never carries control bytes, so a
 * product name or a note can never smuggle a printer command in.
 */
export class EscPosEncoder {
  private readonly chunks: number[][] = [];
  readonly codePage: CodePageName;
  private readonly codePageNumber: number;

  constructor(options: EncoderOptions) {
    this.codePage = options.codePage;
    this.codePageNumber = options.codePageNumber ?? EPSON_CODE_PAGE_NUMBERS[options.codePage];
  }

  private push(...bytes: number[]): this {
    this.chunks.push(bytes);
    return this;
  }

  /** ESC @ then ESC t n: clears whatever a previous job left set, then selects our code page. */
  initialize(): this {
    return this.push(ESC, 0x40).selectCodePage();
  }

  /** ESC t n */
  selectCodePage(): this {
    return this.push(ESC, 0x74, this.codePageNumber);
  }

  /** GS ! n: character width and height multipliers, 1–8 each. */
  size(width: number, height: number = width): this {
    const w = clampSize(width);
    const h = clampSize(height);
    return this.push(GS, 0x21, ((w - 1) << 4) | (h - 1));
  }

  /** ESC E n */
  bold(on: boolean): this {
    return this.push(ESC, 0x45, on ? 1 : 0);
  }

  /** GS B n: white on black. */
  invert(on: boolean): this {
    return this.push(GS, 0x42, on ? 1 : 0);
  }

  /** ESC a n: takes effect at the start of a line. */
  align(alignment: Alignment): this {
    return this.push(ESC, 0x61, ALIGNMENTS[alignment]);
  }

  text(text: string): this {
    if (text) this.chunks.push(Array.from(encodeText(text, this.codePage)));
    return this;
  }

  newline(): this {
    return this.push(LF);
  }

  line(text: string): this {
    return this.text(text).newline();
  }

  /** ESC d n: prints the buffer and feeds n lines. */
  feed(lines: number): this {
    return this.push(ESC, 0x64, Math.max(0, Math.min(255, Math.trunc(lines))));
  }

  /** GS V 1 (partial) or GS V 0 (full). */
  cut(kind: "partial" | "full" = "partial"): this {
    return this.push(GS, 0x56, kind === "partial" ? 1 : 0);
  }

  /**
   * A QR code (GS ( k, cn 49): model 2, module size 1–8 dots, error correction M, then store the
   * data and print it. The data is ASCII (a URL): anything else is refused, never sent as bytes.
   */
  qrCode(data: string, moduleSize: number): this {
    if (!data || !/^[\x20-\x7e]*$/.test(data)) throw new RangeError("A QR code takes printable ASCII only");
    if (data.length > QR_MAX_DATA) throw new RangeError(`A QR code takes at most ${QR_MAX_DATA} characters`);
    const stored = data.length + 3;
    return this.push(GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0) // fn 165: model 2
      .push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, clampSize(moduleSize)) // fn 167: module size
      .push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31) // fn 169: error correction M
      .push(GS, 0x28, 0x6b, stored & 0xff, stored >> 8, 0x31, 0x50, 0x30, ...Array.from(data, (c) => c.charCodeAt(0))) // fn 180
      .push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30); // fn 181: print
  }

  encode(): Uint8Array {
    const length = this.chunks.reduce((sum, c) => sum + c.length, 0);
    const out = new Uint8Array(length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

function clampSize(n: number): number {
  return Math.max(1, Math.min(8, Math.trunc(n)));
}

/**
 * The part of the tar format (POSIX ustar) a backup needs: regular files and directories with
 * short names, written and read as streams, so a backup of any size passes through a few
 * kilobytes of memory. Any tar reads what this writes (`tar tzvf` lists a backup).
 */

const BLOCK = 512;
/** A size field holds 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export type TarEntry =
  | { type: "directory"; name: string; mode: number }
  | {
      type: "file";
      name: string;
      mode: number;
      size: number;
      content: Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
    };

/** What reading an archive meets, in order: an entry, then (for a file) its data in pieces. */
export type TarRecord =
  | { kind: "entry"; type: "file" | "directory"; name: string; mode: number; size: number }
  | { kind: "data"; chunk: Uint8Array };

/** The archive's bytes: each entry's header, a file's data padded to a block, then the end. */
export async function* tarStream(
  entries: Iterable<TarEntry> | AsyncIterable<TarEntry>,
  modified: Date,
): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    const size = entry.type === "file" ? entry.size : 0;
    yield header(entry.type === "directory" ? `${entry.name}/` : entry.name, entry.type, entry.mode, size, modified);
    if (entry.type === "directory") continue;
    let written = 0;
    for await (const chunk of entry.content) {
      written += chunk.length;
      yield chunk;
    }
    if (written !== size) throw new Error(`${entry.name} changed size while it was archived`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) yield new Uint8Array(padding);
  }
  // Two empty blocks end the archive.
  yield new Uint8Array(2 * BLOCK);
}

/** Reads an archive as it arrives; the data pieces are only valid until the next record is asked for. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarRecord> {
  let buffer: Buffer = Buffer.alloc(0);
  let remaining = 0;
  let padding = 0;
  let ended = false;
  for await (const chunk of source) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (;;) {
      if (remaining > 0 && buffer.length > 0) {
        const piece = buffer.subarray(0, Math.min(remaining, buffer.length));
        buffer = buffer.subarray(piece.length);
        remaining -= piece.length;
        yield { kind: "data", chunk: piece };
      } else if (remaining === 0 && padding > 0 && buffer.length > 0) {
        const skipped = Math.min(padding, buffer.length);
        buffer = buffer.subarray(skipped);
        padding -= skipped;
      } else if (remaining === 0 && padding === 0 && !ended && buffer.length >= BLOCK) {
        const block = buffer.subarray(0, BLOCK);
        buffer = buffer.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          continue;
        }
        const entry = readHeader(block);
        remaining = entry.size;
        padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
        yield entry;
      } else {
        break;
      }
    }
    // What follows the end marker (the rest of its blocks) is not read.
    if (ended) buffer = Buffer.alloc(0);
  }
  if (!ended) throw new Error("the archive is cut short");
}

function header(name: string, type: "file" | "directory", mode: number, size: number, modified: Date): Uint8Array {
  if (Buffer.byteLength(name) > 99) throw new Error(`tar name too long: ${name}`);
  if (size > MAX_SIZE) throw new Error(`${name} is too large for a tar entry`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, "utf8");
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0); // uid
  writeOctal(block, 116, 8, 0); // gid
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(modified.getTime() / 1000));
  block.write(type === "file" ? "0" : "5", 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  // The checksum counts its own field as spaces; it is written as 6 digits, NUL, space.
  block.write(`${checksum(block).toString(8).padStart(6, "0")}\u0000 `, 148, "ascii");
  return block;
}

function readHeader(block: Buffer): TarRecord & { kind: "entry" } {
  if (checksum(block) !== readOctal(block, 148, 8)) throw new Error("not a tar archive (a header's checksum is wrong)");
  const flag = String.fromCharCode(block[156]);
  const type = flag === "5" ? "directory" : flag === "0" || flag === "\u0000" ? "file" : null;
  const name = readText(block, 0, 100).replace(/\/$/, "");
  if (!type) throw new Error(`${name}: only files and directories are expected in a backup`);
  return { kind: "entry", type, name, mode: readOctal(block, 100, 8), size: readOctal(block, 124, 12) };
}

function checksum(block: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  return sum;
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, "0")}\u0000`, offset, "ascii");
}

function readOctal(block: Buffer, offset: number, length: number): number {
  return Number.parseInt(readText(block, offset, length).trim() || "0", 8);
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

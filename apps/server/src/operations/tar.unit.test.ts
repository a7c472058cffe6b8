import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTar, type TarEntry, tarStream } from "./tar.ts";

const modified = new Date("2026-05-01T10:00:00Z");
const contents = [0, 1, 511, 512, 513, 2000].map((size, i) => new Uint8Array(size).map((_, j) => (i + j) % 251));
const entries: TarEntry[] = [
  { type: "directory", name: "db", mode: 0o700 },
  ...contents.map(
    (data, i): TarEntry => ({ type: "file", name: `db/file-${i}`, mode: 0o600, size: data.length, content: [data] }),
  ),
];

async function archive(): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of tarStream(entries, modified)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The archive read back, arriving in pieces of `pieceSize` bytes. */
async function readBack(bytes: Buffer, pieceSize: number) {
  async function* pieces() {
    for (let at = 0; at < bytes.length; at += pieceSize) yield bytes.subarray(at, at + pieceSize);
  }
  const read: { name: string; type: string; data: Buffer[] }[] = [];
  for await (const record of readTar(pieces())) {
    if (record.kind === "entry") read.push({ name: record.name, type: record.type, data: [] });
    else read[read.length - 1].data.push(Buffer.from(record.chunk));
  }
  return read.map((entry) => ({ ...entry, data: Buffer.concat(entry.data) }));
}

describe("the backup's tar", () => {
  it("reads back what it wrote, however the bytes arrive and whatever the files' sizes against its blocks", async () => {
    const bytes = await archive();
    for (const pieceSize of [1, 100, 512, 4096, bytes.length]) {
      const read = await readBack(bytes, pieceSize);
      expect(read.map((entry) => `${entry.type} ${entry.name}`)).toEqual(entries.map((entry) => `${entry.type} ${entry.name}`));
      expect(read.slice(1).map((entry) => entry.data)).toEqual(contents.map((data) => Buffer.from(data)));
    }
  });

  it("is a tar the system's tar unpacks, with the entries' permissions", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tableorder-tar-"));
    writeFileSync(path.join(dir, "a.tar"), await archive());
    const listing = execFileSync("tar", ["-tvf", path.join(dir, "a.tar")], { encoding: "utf8" });
    expect(listing).toMatch(/^drwx------ .* db\/$/m);
    expect(listing).toMatch(/^-rw------- .* 2000 .* db\/file-5$/m);
    execFileSync("tar", ["-xf", "a.tar"], { cwd: dir });
    expect(readFileSync(path.join(dir, "db/file-5")).equals(Buffer.from(contents[5]))).toBe(true);
  });

  it("refuses a damaged header and an archive cut short", async () => {
    const damaged = await archive();
    damaged[10] ^= 0xff;
    await expect(readBack(damaged, 4096)).rejects.toThrow(/checksum/);
    await expect(readBack((await archive()).subarray(0, 2048), 4096)).rejects.toThrow(/cut short/);
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { computeInvoiceUid } from "./invoice-uid.ts";

const fields = { issuerVatNumber: "094014201", issueDate: "2025-03-01", branch: 0, invoiceType: "11.1", series: "A", aa: 17 };

describe("computeInvoiceUid", () => {
  it("is the uppercase SHA-1 of issuer-date-branch-type-series-aa", () => {
    // SHA-1("094014201-2025-03-01-0-11.1-A-17"), computed independently of the function's joining
    const expected = createHash("sha1").update("094014201-2025-03-01-0-11.1-A-17").digest("hex").toUpperCase();
    expect(computeInvoiceUid(fields)).toBe(expected);
    expect(computeInvoiceUid(fields)).toMatch(/^[0-9A-F]{40}$/);
  });
  it("matches a known digest", () => {
    // echo -n "123456789-2024-01-31-1-11.2-Σ-1" | sha1sum
    expect(
      computeInvoiceUid({
        issuerVatNumber: "123456789",
        issueDate: "2024-01-31",
        branch: 1,
        invoiceType: "11.2",
        series: "Σ",
        aa: "1",
      }),
    ).toBe("8E7E6F7F448FDD8B9630CB57A5BCB66B4BB1C1C5");
  });
  it("changes with every field", () => {
    const base = computeInvoiceUid(fields);
    const variants = [
      { ...fields, issuerVatNumber: "094014202" },
      { ...fields, issueDate: "2025-03-02" },
      { ...fields, branch: 1 },
      { ...fields, invoiceType: "11.2" },
      { ...fields, series: "B" },
      { ...fields, aa: 18 },
    ];
    const uids = new Set(variants.map(computeInvoiceUid));
    expect(uids.size).toBe(variants.length);
    expect(uids.has(base)).toBe(false);
  });
  it("refuses a date not written as AADE writes it", () => {
    expect(() => computeInvoiceUid({ ...fields, issueDate: "01/03/2025" })).toThrow(RangeError);
  });
});

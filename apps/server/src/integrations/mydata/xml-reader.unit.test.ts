import { describe, expect, it } from "vitest";
import { amount, escapeXml } from "./invoice-xml.ts";
import { child, children, readXml, textAt } from "./xml-reader.ts";

describe("readXml", () => {
  it("reads elements by local name, text with entities and CDATA, and skips declarations and comments", () => {
    const root = readXml(`<?xml version="1.0" encoding="utf-8"?>
      <!-- AADE -->
      <r:ResponseDoc xmlns:r="urn:x" a='1' b="x > y">
        <r:response><index>1</index><note>&lt;a&gt; &amp; &#931;&#x3a3; <![CDATA[<raw & text>]]></note><empty/></r:response>
        <response><index>2</index></response>
      </r:ResponseDoc>`);
    expect(root.name).toBe("ResponseDoc");
    expect(children(root, "response").map((r) => textAt(r, "index"))).toEqual(["1", "2"]);
    expect(textAt(root, "response", "note")).toBe("<a> & ΣΣ <raw & text>");
    expect(child(child(root, "response"), "empty")).toEqual({ name: "empty", children: [], text: "" });
    expect(textAt(root, "response", "missing")).toBeNull();
  });
  it("refuses what is not well-formed", () => {
    expect(() => readXml("<a><b></a>")).toThrow(SyntaxError);
    expect(() => readXml("<a>")).toThrow(SyntaxError);
    expect(() => readXml("<a/><b/>")).toThrow(SyntaxError);
    expect(() => readXml("{ json: true }")).toThrow(SyntaxError);
    expect(() => readXml("<a <b>")).toThrow(SyntaxError);
  });
  it("reads back what escapeXml wrote", () => {
    const text = `Σ & <b> "q" 'a' \u0001`;
    expect(readXml(`<a>${escapeXml(text)}</a>`).text).toBe(`Σ & <b> "q" 'a'`);
  });
});

describe("amount", () => {
  it("writes cents as AADE's 2-decimal amounts without floats", () => {
    expect([0, 1, 10, 99, 100, 123456789012].map(amount)).toEqual(["0.00", "0.01", "0.10", "0.99", "1.00", "1234567890.12"]);
  });
  it("refuses negatives and fractions of a cent", () => {
    expect(() => amount(-1)).toThrow(RangeError);
    expect(() => amount(1.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { CASH_DESK_TABS } from "./cash-desk-paths.ts";
import { el, en } from "./texts.ts";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe("cash desk texts", () => {
  it("carry the spec's exact Greek wordings", () => {
    expect(el.cashDesk.documents.confirmCancel).toBe("Είστε σίγουροι ότι θέλετε να ακυρώσετε το παραστατικό;");
    expect(el.cashDesk.documents.cancelled).toBe("Ακυρώθηκε");
  });

  it("name every tab, in both languages, with no key missing or empty", () => {
    for (const tab of CASH_DESK_TABS) {
      expect(el.cashDesk.tabs[tab]).toBeTruthy();
      expect(en.cashDesk.tabs[tab]).toBeTruthy();
    }
    expect(keys(en).sort()).toEqual(keys(el).sort());
    for (const catalog of [el, en])
      for (const key of keys(catalog)) expect(key.split(".").reduce<any>((n, p) => n[p], catalog)).not.toBe("");
  });
});

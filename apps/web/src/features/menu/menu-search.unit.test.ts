import { describe, expect, it } from "vitest";
import { matchesSearch, parseSearchQuery, searchText } from "./menu-search.ts";

const finds = (query: string, ...texts: string[]) => matchesSearch(parseSearchQuery(query), searchText(...texts));

describe("menu search", () => {
  it("ignores case and accents", () => {
    expect(finds("ΧΩΡΙΑΤΙΚΗ", "Χωριάτικη")).toBe(true);
    expect(finds("καφες", "Καφές φραπέ")).toBe(true);
    expect(finds("cafe", "Café latte")).toBe(true);
    expect(finds("ϊ", "Προϊόν")).toBe(true);
  });

  it("reads Greeklish the ways guests write it", () => {
    expect(finds("tzatziki", "Τζατζίκι")).toBe(true);
    expect(finds("xoriatiki", "Χωριάτικη")).toBe(true);
    expect(finds("horiatiki", "Χωριάτικη")).toBe(true);
    expect(finds("choriatikh", "Χωριάτικη")).toBe(true);
    expect(finds("souvlaki", "Σουβλάκι χοιρινό")).toBe(true);
    expect(finds("suvlaki", "Σουβλάκι χοιρινό")).toBe(true);
    expect(finds("mousaka", "Μουσακάς")).toBe(true);
    expect(finds("moussakas", "Μουσακάς")).toBe(true);
    expect(finds("bifteki", "Μπιφτέκι")).toBe(true);
    expect(finds("ntomates", "Ντομάτες γεμιστές")).toBe(true);
    expect(finds("domates", "Ντομάτες γεμιστές")).toBe(true);
    expect(finds("xinomizithra", "Ξινομυζήθρα")).toBe(true);
    expect(finds("ksinomyzithra", "Ξινομυζήθρα")).toBe(true);
    expect(finds("kalamarakia", "Καλαμαράκια τηγανητά")).toBe(true);
    expect(finds("psomi", "Ψωμί")).toBe(true);
    expect(finds("frape", "Φραπέ")).toBe(true);
    expect(finds("avgolemono", "Αυγολέμονο")).toBe(true);
    expect(finds("8alassina", "Θαλασσινά")).toBe(true);
    expect(finds("thalassina", "Θαλασσινά")).toBe(true);
    expect(finds("kafes elliniko", "Ελληνικός καφές")).toBe(true);
  });

  it("finds Latin names by their own spelling", () => {
    expect(finds("hot chocolate", "Hot chocolate")).toBe(true);
    expect(finds("sauce", "Garlic sauce")).toBe(true);
    expect(finds("xylo", "Xylo board")).toBe(true);
  });

  it("searches the description too, and needs every word", () => {
    expect(finds("feta", "Χωριάτικη", "Ντομάτα, αγγούρι, φέτα")).toBe(true);
    expect(finds("xoriatiki feta", "Χωριάτικη", "Ντομάτα, αγγούρι, φέτα")).toBe(true);
    expect(finds("xoriatiki kotopoulo", "Χωριάτικη", "Ντομάτα, αγγούρι, φέτα")).toBe(false);
  });

  it("does not find what is not there", () => {
    expect(finds("tzatziki", "Χωριάτικη")).toBe(false);
    expect(finds("mpira", "Κρασί")).toBe(false);
    expect(finds("beer", "Μπύρα")).toBe(false);
  });

  it("an empty query matches everything and parses to no words", () => {
    expect(parseSearchQuery("  ,. ")).toEqual([]);
    expect(finds("", "Χωριάτικη")).toBe(true);
  });
});

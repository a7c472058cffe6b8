/**
 * Menu search that forgives the way guests type: case and accents don't matter, and Greek names
 * are found by Greeklish ("tzatziki" finds Τζατζίκι, "xoriatiki" Χωριάτικη). Both the menu's text
 * and the query are brought to one Latin spelling; where Greeklish writers disagree (η as i or h,
 * χ as x, h or ch, ω as o or w, μπ as b or mp) the spellings meet in the same letters.
 */

/** Greek pairs read as one sound, before single letters. */
const GREEK_PAIRS: Record<string, string> = {
  αι: "e",
  ει: "i",
  οι: "i",
  υι: "i",
  ου: "u",
  αυ: "av",
  ευ: "ev",
  μπ: "b",
  ντ: "d",
  γκ: "g",
  γγ: "g",
};

const GREEK_LETTERS: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "ks",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "i",
  φ: "f",
  χ: "x",
  ψ: "ps",
  ω: "o",
};

/** Latin spellings folded to the one the Greek letters above produce, longest first. */
const LATIN_SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/ch/g, "x"],
  [/ph/g, "f"],
  [/ou/g, "u"],
  [/au/g, "av"],
  [/eu/g, "ev"],
  [/ai/g, "e"],
  [/ei|oi|y/g, "i"],
  [/w/g, "o"],
  [/mp|mb/g, "b"],
  [/nt/g, "d"],
  [/gk|gg/g, "g"],
  [/c(?=[eiy])/g, "s"],
  [/c|q/g, "k"],
];

/**
 * Query letters Greeklish writers use for more than one Greek letter: h for η or χ, x for χ or ξ.
 * The letter itself stays a reading, for names written in Latin letters.
 */
const AMBIGUOUS_QUERY_LETTERS: Record<string, readonly string[]> = { h: ["h", "i", "x"], x: ["x", "ks"] };
/** Spellings tried per query word at most, so a query full of h's stays cheap. */
const MAX_SPELLINGS = 27;

function greekToLatin(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const pair = GREEK_PAIRS[text.slice(i, i + 2)];
    if (pair !== undefined) {
      out += pair;
      i++;
    } else {
      out += GREEK_LETTERS[text[i]] ?? text[i];
    }
  }
  return out;
}

/** Lower case, no accents or diaeresis, Greek in Latin letters, words split on anything else. */
function latinWords(text: string): string[] {
  const plain = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return greekToLatin(plain)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** One spelling: Greeklish variants folded, doubled letters (λλ, ss) made single. */
function fold(word: string): string {
  let out = word;
  for (const [spelling, canonical] of LATIN_SPELLINGS) out = out.replace(spelling, canonical);
  return out.replace(/(.)\1+/g, "$1");
}

/** The folded spellings a query word may stand for, each h and x read every way. */
function querySpellings(word: string): string[] {
  // The unambiguous pairs first, so the h of "th" and "ch" is not read as a letter of its own.
  const plain = word.replace(/8/g, "θ").replace(/th/g, "θ").replace(/ch/g, "χ").replace(/ph/g, "φ");
  let spellings = [""];
  for (const letter of plain) {
    const readings = AMBIGUOUS_QUERY_LETTERS[letter];
    spellings =
      readings && spellings.length * readings.length <= MAX_SPELLINGS
        ? spellings.flatMap((spelling) => readings.map((reading) => spelling + reading))
        : spellings.map((spelling) => spelling + letter);
  }
  return [...new Set(spellings.map((spelling) => fold(greekToLatin(spelling))))];
}

/** What a menu entry is searched by: its name and description, folded once. */
export function searchText(...texts: readonly (string | null | undefined)[]): string {
  return texts
    .flatMap((text) => (text ? latinWords(text) : []))
    .map(fold)
    .join(" ");
}

/** The query as words, each with the spellings it may stand for; empty when nothing was typed. */
export type SearchQuery = readonly (readonly string[])[];

export function parseSearchQuery(query: string): SearchQuery {
  return latinWords(query).map(querySpellings);
}

/** Every word of the query appears in the entry's text, in any order, in one of its spellings. */
export function matchesSearch(query: SearchQuery, text: string): boolean {
  return query.every((spellings) => spellings.some((spelling) => text.includes(spelling)));
}

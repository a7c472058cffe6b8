import { describe, expect, it } from "vitest";
import { ACCESSIBILITY_STATEMENT_EL } from "./accessibility-statement-el.ts";
import { ACCESSIBILITY_STATEMENT_EN } from "./accessibility-statement-en.ts";
import type { LegalBlock, LegalDocument } from "./legal-document.ts";
import { PRIVACY_POLICY_EL } from "./privacy-policy-el.ts";
import { PRIVACY_POLICY_EN } from "./privacy-policy-en.ts";
import { TERMS_OF_USE_EL } from "./terms-of-use-el.ts";
import { TERMS_OF_USE_EN } from "./terms-of-use-en.ts";

const linesOf = (block: LegalBlock) =>
  typeof block === "string" ? [block] : "list" in block ? block.list : [block.text, block.link.label];

const textOf = (doc: LegalDocument) =>
  [...doc.intro, ...doc.sections.flatMap((section) => [section.title, ...section.blocks.flatMap(linesOf)])].join("\n");

const sectionText = (doc: LegalDocument, number: number) => {
  const section = doc.sections[number - 1];
  return section.blocks.flatMap(linesOf).join("\n");
};

describe("privacy policy", () => {
  it("has the 25 numbered sections in both languages, side by side", () => {
    expect(PRIVACY_POLICY_EL.sections).toHaveLength(25);
    expect(PRIVACY_POLICY_EN.sections).toHaveLength(25);
    for (const doc of [PRIVACY_POLICY_EL, PRIVACY_POLICY_EN]) {
      expect(new Set(doc.sections.map((s) => s.title)).size).toBe(25);
    }
  });

  it("was last updated on 2 June 2023", () => {
    expect(PRIVACY_POLICY_EL.updated).toContain("2 Ιουνίου 2023");
    expect(PRIVACY_POLICY_EN.updated).toContain("2 June 2023");
  });

  it("states the retention periods of spec 1 §9 in the retention section both texts point to", () => {
    // Both texts refer to "section 15" for retention and "section 16" for bans.
    const el = sectionText(PRIVACY_POLICY_EL, 15);
    const en = sectionText(PRIVACY_POLICY_EN, 15);
    expect(el).toMatch(/ένα \(1\) έτος μετά την τελευταία δραστηριότητά/);
    expect(el).toMatch(/έως τρεις \(3\) μήνες· μετά ανωνυμοποιούνται/);
    expect(el).toMatch(/Μη δημόσιες επικοινωνίες[^\n]*ένα \(1\) έτος/);
    expect(el).toMatch(/αποκλειστεί: επ' αόριστον/);
    expect(en).toMatch(/one \(1\) year after your last activity/);
    expect(en).toMatch(/up to three \(3\) months, then anonymised/);
    expect(en).toMatch(/Non-public communications[^\n]*one \(1\) year/);
    expect(en).toMatch(/banned users: indefinitely/);
    expect(PRIVACY_POLICY_EL.sections[15].title).toBe("Αποκλεισμός χρηστών");
    expect(PRIVACY_POLICY_EN.sections[15].title).toBe("Banning users");
  });

  it("names the age, the EEA, the answer times and the processors", () => {
    const el = textOf(PRIVACY_POLICY_EL);
    const en = textOf(PRIVACY_POLICY_EN);
    expect(el).toContain("τουλάχιστον 14 ετών");
    expect(en).toContain("aged 14 or over");
    expect(el).toContain("Ευρωπαϊκού Οικονομικού Χώρου");
    expect(en).toContain("European Economic Area");
    expect(el).toMatch(/έναν \(1\) μήνα[\s\S]*δύο \(2\) ακόμη μήνες/);
    expect(en).toMatch(/one \(1\) month[\s\S]*two \(2\) further months/);
    for (const processor of ["Πάροχος πληρωμών με κάρτα", "υπολογιστικού νέφους", "Πάροχοι σύνδεσης"])
      expect(el).toContain(processor);
    for (const processor of ["Card payment provider", "Cloud hosting provider", "Sign-in providers"])
      expect(en).toContain(processor);
  });
});

describe("terms of use", () => {
  it("match in both languages and carry the same date", () => {
    expect(TERMS_OF_USE_EL.sections.length).toBe(TERMS_OF_USE_EN.sections.length);
    expect(TERMS_OF_USE_EL.updated).toContain("2 Ιουνίου 2023");
    expect(TERMS_OF_USE_EN.updated).toContain("2 June 2023");
  });

  it("state the rules of spec 1: age 14, bans, whole-balance online payment, Greek law, Athens courts, 90 days, 1 month", () => {
    const el = textOf(TERMS_OF_USE_EL);
    const en = textOf(TERMS_OF_USE_EN);
    expect(el).toContain("τουλάχιστον 14 ετών");
    expect(en).toContain("aged 14 or over");
    expect(el).toContain("αποκλείσει χρήστες που αποχωρούν χωρίς να πληρώσουν ή παραβιάζουν τους παρόντες όρους");
    expect(en).toContain("ban users who leave without paying or who break these terms");
    expect(el).toContain("μερική ηλεκτρονική πληρωμή του υπολοίπου αυτού δεν είναι δυνατή");
    expect(en).toContain("partial online payment of that balance is not possible");
    expect(el).toContain("διέπονται από το ελληνικό δίκαιο");
    expect(en).toContain("governed by Greek law");
    expect(el).toContain("δικαστήρια της Αθήνας");
    expect(en).toContain("courts of Athens");
    expect(el).toContain("ενενήντα (90) ημέρες");
    expect(en).toContain("ninety (90) days");
    expect(el).toContain("ενός (1) μήνα");
    expect(en).toContain("one (1) month");
    expect(el).toContain("δωρεάν για τον πελάτη");
    expect(en).toContain("free for customers");
  });
});

describe("accessibility statement", () => {
  it("has the same sections in both languages, dated", () => {
    expect(ACCESSIBILITY_STATEMENT_EL.sections).toHaveLength(ACCESSIBILITY_STATEMENT_EN.sections.length);
    expect(ACCESSIBILITY_STATEMENT_EL.updated).toContain("29 Νοεμβρίου 2026");
    expect(ACCESSIBILITY_STATEMENT_EN.updated).toContain("29 November 2026");
  });

  it("names the standard, how it is checked, and leads to the contact page", () => {
    for (const doc of [ACCESSIBILITY_STATEMENT_EL, ACCESSIBILITY_STATEMENT_EN]) {
      const text = textOf(doc);
      expect(text).toContain("WCAG) 2.2");
      expect(text).toContain("axe-core");
      expect(text).toContain("2019/882");
      const links = doc.sections.flatMap((section) =>
        section.blocks.filter((block) => typeof block === "object" && "link" in block),
      );
      expect(links).toEqual([expect.objectContaining({ link: expect.objectContaining({ to: "/contact-us" }) })]);
    }
  });
});

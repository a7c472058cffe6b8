import type { LegalDocument } from "./legal-document.ts";

/** The accessibility statement in English (issue 29: WCAG 2.2 AA, the EU Accessibility Act). */
export const ACCESSIBILITY_STATEMENT_EN: LegalDocument = {
  title: "Accessibility statement",
  updated: "Date of this statement: 29 November 2026",
  contentsTitle: "Contents",
  backToTop: "Back to contents",
  intro: [
    "We want every customer to be able to order and pay from their table, however they read and use their phone. This statement says what we aim at, how we check it, what we have not solved yet and how to tell us about a problem.",
  ],
  sections: [
    {
      title: "What it covers",
      blocks: [
        "The public TableOrder website and the customer's screens at the table: sign-in, table, menu, basket, payment and payment result. The venue staff's screens (kitchen, waiters, administration) are not covered by this statement.",
      ],
    },
    {
      title: "The standard we aim at",
      blocks: [
        "We aim at level AA of the Web Content Accessibility Guidelines (WCAG) 2.2, as the European Accessibility Act (Directive (EU) 2019/882) asks of digital services to consumers.",
        "No independent audit by a third party has been made yet. We therefore state that the website partially conforms to WCAG 2.2 AA.",
      ],
    },
    {
      title: "How we check it",
      blocks: [
        {
          list: [
            "Automated checks: on every change, the tests that walk through the customer's screens in a real browser check each screen with the axe-core tool, in Greek and many in English too, and fail on any serious or critical finding.",
            "Manual checks: we look at the screens that change on a phone-sized screen, in both languages, for visible focus, focus order, size of touch targets and colour contrast.",
          ],
        },
      ],
    },
    {
      title: "Known limitations",
      blocks: [
        {
          list: [
            "The screens have not yet been tested by people who use a screen reader or other assistive technology every day.",
            "The names, descriptions and photos of dishes are written by each venue. Photos have no description of their own; the dish's name and description next to them say what they show.",
            "Card payment happens on the payment provider's pages, and signing in with Google or Facebook on theirs; their accessibility is not in our hands.",
          ],
        },
      ],
    },
    {
      title: "Tell us about a problem",
      blocks: [
        "If there is something you cannot read or use, or you need the information in another form, write to us, naming the page and what happened. Meanwhile, the venue's staff can always take your order.",
        { text: "Our contact form:", link: { to: "/contact-us", label: "Contact" } },
      ],
    },
  ],
};

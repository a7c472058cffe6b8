import type { LegalDocument } from "./legal-document.ts";

/** The terms of use in English (facts of spec 1 §1, §5 and §9). */
export const TERMS_OF_USE_EN: LegalDocument = {
  title: "Terms of use",
  updated: "Last updated: 2 June 2023",
  contentsTitle: "Contents",
  backToTop: "Back to contents",
  intro: [
    "These terms govern the use of the TableOrder platform by customers of the food and beverage venues that use it. Please read them carefully: by signing in to the platform you confirm that you have read and accept them, together with the Privacy policy.",
  ],
  sections: [
    {
      title: "Who we are and what these terms cover",
      blocks: [
        "The TableOrder platform (“TableOrder”, “we”, “us”) is operated by the company named as controller in the Privacy policy. These terms are a contract between you and TableOrder for the use of the platform. The purchase of the products you order is a contract with the venue you are at, not with TableOrder.",
      ],
    },
    {
      title: "The service",
      blocks: [
        "By touching your phone to the table's device (NFC) or scanning its QR code, TableOrder lets you view the venue's menu, build a basket, send an order, follow each product (sent, prepared, delivered), add products later, call a waiter and pay.",
        "The service is free for customers. You pay only for the products you order, at the venue's prices. The service works over your mobile network and does not need the venue's Wi-Fi; mobile data you use is charged by your own provider.",
      ],
    },
    {
      title: "Who may use the service",
      blocks: [
        "The service is available only to registered users aged 14 or over. By signing in you confirm that you are at least 14 years old and that you have the legal capacity for the orders you place or the consent of your legal representative. Alcoholic drinks may not be served to minors; the venue may refuse to serve such products.",
      ],
    },
    {
      title: "Signing in and your account",
      blocks: [
        "You sign in with a Google or Facebook account, or continue as a guest, in which case an anonymous account valid only on your device is created. Before signing in you must accept these terms and the Privacy policy.",
        "You are responsible for the use of your device and your account. If you suspect that someone else is using your account, sign out and let us know. You can sign out at any time from your account menu.",
      ],
    },
    {
      title: "The shared table",
      blocks: [
        "Everyone who joins the same table shares one session: they see the order and the bill of the whole table, and anyone may add products or pay for the table. No one's sign-in details are shown to the others.",
        "The session begins with the first order and continues even if some or all guests disconnect; it ends only when the whole bill has been validly paid. After payment, a new order starts a new session. Join only the table you are sitting at.",
      ],
    },
    {
      title: "Orders",
      blocks: [
        "The menu, descriptions, prices, allergens and availability of products are set by the venue, which is responsible for their accuracy. If you have an allergy or intolerance, please also tell the venue's staff.",
        "An order is placed when you press send and the confirmation appears. If a product is no longer available, an order containing it is not accepted and you are told at once.",
        "A product you have sent can be removed, after you confirm, only while its preparation has not started. Once preparation has started it cannot be removed in the application; please speak to the staff.",
      ],
    },
    {
      title: "Prices",
      blocks: [
        "Prices are shown in euros (€) and include VAT and any other statutory charges. The price of each product is its base price plus the price of the way of preparation and of the extra ingredients you chose, as shown before you add it to the basket. TableOrder charges customers no commission or other fee.",
      ],
    },
    {
      title: "Payment",
      blocks: [
        "You pay in one of these ways:",
        {
          list: [
            "By card, online, through the card payment provider. You enter your card details only on the provider's page; TableOrder never receives them.",
            "To the waiter, in cash or by card. If you want to pay the waiter by card, choose that you need a card terminal (POS).",
          ],
        },
        "Each online payment covers the whole current balance shown on the payment page; partial online payment of that balance is not possible. Part of the table's bill can be settled by choosing the products to pay for before paying, or through the waiter.",
        "A payment is complete only when the payment provider or the waiter confirms it and the payment success page appears. If a card payment fails or is cancelled, you are not charged and the bill stays open. If you are charged for products that had already been paid, the amount is refunded to your card.",
      ],
    },
    {
      title: "Receipts and refunds",
      blocks: [
        "The legal receipt or invoice is issued by the venue, which is the seller of the products. Complaints about the quality, quantity or delivery of products should be made to the venue. Refunds of card payments are made to the same card through the payment provider.",
        "There is no right of withdrawal for food and drinks prepared and supplied for immediate consumption (Greek Consumer Protection Law 2251/1994).",
      ],
    },
    {
      title: "Calling a waiter",
      blocks: [
        "You can call a waiter from the application and cancel the call while it is active. The call notifies the venue's staff; how quickly they respond depends on the venue.",
      ],
    },
    {
      title: "Your obligations",
      blocks: [
        "By using the service you agree:",
        {
          list: [
            "to pay for the products ordered by you or your table before leaving the venue,",
            "not to send false or malicious orders, calls or payment requests,",
            "not to join tables you are not sitting at,",
            "not to write offensive or unlawful content in comments,",
            "not to attempt to circumvent the platform's security, overload it or gain access to other people's data.",
          ],
        },
      ],
    },
    {
      title: "Suspension and bans",
      blocks: [
        "TableOrder may ban users who leave without paying or who break these terms, and may suspend an account at once where this is needed to protect the venues, other users or the service. The email address of a banned user is kept so that the ban can be enforced, as described in the Privacy policy. You may contest a ban by contacting us. A ban does not release you from paying for what you ordered.",
      ],
    },
    {
      title: "Intellectual property",
      blocks: [
        "The software, design, name and logo of TableOrder belong to TableOrder. Product names, photographs and descriptions belong to the venues or to those who licensed them. You are granted a non-exclusive, personal and revocable licence to use the platform solely for the purposes of the service.",
      ],
    },
    {
      title: "Availability of the service",
      blocks: [
        "We make every reasonable effort to keep the service available without interruption but cannot guarantee it, especially when your device's internet connection drops. When your device is offline the application tells you; in any case you can always order and pay directly with the venue's staff.",
      ],
    },
    {
      title: "Liability",
      blocks: [
        "TableOrder is liable for the operation of the platform in accordance with the law. It is not liable for the venue's products, prices, quality, delivery or service, for the operation of third-party services (sign-in providers, the payment provider, mobile networks), or for damage resulting from use of the service contrary to these terms. Liability for intent or gross negligence, and consumers' mandatory rights, are not limited.",
      ],
    },
    {
      title: "Personal data",
      blocks: [
        "The processing of your personal data is described in the Privacy policy, which forms an integral part of these terms. Neither the other guests at your table nor the venue's staff see your personal data.",
      ],
    },
    {
      title: "Changes to these terms",
      blocks: [
        "We may amend these terms when the service or the law changes. The date of the last update is shown at the top of the page. For material changes we will ask you to accept the terms again at your next sign-in. Orders already sent are governed by the terms in force when they were sent.",
      ],
    },
    {
      title: "Governing law and disputes",
      blocks: [
        "These terms are governed by Greek law.",
        "In case of a dispute, the parties will first seek an amicable settlement through negotiation lasting one (1) month from the written notice of one party to the other. As a consumer you may also refer the dispute to an out-of-court consumer dispute resolution body (for example the Hellenic Consumer Ombudsman, www.synigoroskatanaloti.gr) under Greek Law 4714/2020; the procedure is completed within ninety (90) days of the submission of the complete dispute file.",
        "If the dispute is not resolved in this way, the courts of Athens have jurisdiction, without prejudice to mandatory provisions that give you, as a consumer, the right to bring proceedings before the courts of your place of residence.",
      ],
    },
    {
      title: "Final provisions",
      blocks: [
        "If any term is held invalid, the remaining terms continue to apply. A failure by TableOrder to exercise a right is not a waiver of it. These terms are available in Greek and English; in case of discrepancy the Greek text prevails.",
      ],
    },
    {
      title: "Contact",
      blocks: [
        "For questions about these terms, write to us through the form on the “Contact” page or at support@tableorder.gr.",
      ],
    },
  ],
};

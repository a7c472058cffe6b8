import type { LegalDocument } from "./legal-document.ts";

/** The privacy policy in English (25 sections; facts of spec 1 §1 and §9). */
export const PRIVACY_POLICY_EN: LegalDocument = {
  title: "Privacy policy",
  updated: "Last updated: 2 June 2023",
  contentsTitle: "Contents",
  backToTop: "Back to contents",
  intro: [
    "Protecting your personal data is both an obligation and a commitment for us. This policy explains which data we collect when you use the TableOrder platform to order and pay from your table, for which purposes and on which legal basis we process them, to whom we disclose them, how long we keep them and what rights you have.",
    "This policy applies under the General Data Protection Regulation (EU) 2016/679 (“GDPR”), Greek Law 4624/2019 and Greek Law 3471/2006 on the protection of personal data in electronic communications. Please read it together with our Terms of use.",
  ],
  sections: [
    {
      title: "Who we are",
      blocks: [
        "The controller of the data described in this policy is the company operating the TableOrder platform (“TableOrder”, “we”, “us”). TableOrder provides food and beverage venues (restaurants, cafés, bars, the “venues”) with the technology their customers use to order and pay from their phones.",
        "You can contact us about any personal data matter through the form on the “Contact” page of our website or by email at privacy@tableorder.gr.",
      ],
    },
    {
      title: "Whom and what this policy covers",
      blocks: [
        "This policy covers customers of venues who use the platform from their phones at the table, visitors of our website, and anyone who writes to us through the contact form.",
        "It does not cover the data of venue staff (waiters, cooks, administrators), which is governed by our contracts with the venues, nor third-party websites linked from the platform (for example social networks or the card payment provider's checkout page).",
      ],
    },
    {
      title: "Definitions",
      blocks: [
        {
          list: [
            "“Personal data”: any information relating to an identified or identifiable natural person.",
            "“Processing”: any operation performed on personal data, such as collection, storage, use, disclosure and erasure.",
            "“Processor”: anyone who processes data on our behalf and on our instructions.",
            "“Table session”: the shared order of a table, which begins with the first order and ends when the whole bill has been paid.",
            "“User” or “you”: a person using the platform as a customer of a venue.",
          ],
        },
      ],
    },
    {
      title: "Principles we follow",
      blocks: [
        "We process only the data needed for the service to work (data minimisation), only for the purposes stated here, only for as long as necessary and with appropriate security measures. We do not sell personal data and do not use it for third-party advertising.",
      ],
    },
    {
      title: "Account data",
      blocks: [
        "Customers use the platform as registered users only. When you sign in with a Google or Facebook account, we receive from that provider, with your permission:",
        {
          list: [
            "your email address,",
            "your first and last name,",
            "the address (URL) of your profile picture,",
            "the language of your account, where the provider (Google) supplies it.",
          ],
        },
        "We never receive your password, your contacts or your posts. If you choose to continue as a guest, an anonymous account without name or email is created that is valid only on your device. For every account we also keep the chosen language, whether it is activated, and its role.",
      ],
    },
    {
      title: "Data created when you use the service",
      blocks: [
        "When you use the platform at a venue we record:",
        {
          list: [
            "the table and the venue you joined (from the table's NFC device or QR code),",
            "the products ordered, their options (way of preparation, ingredients, comments), quantities, prices and the status of each product (sent, prepared, delivered),",
            "waiter calls and payment requests,",
            "payment details: amount, products paid, method of payment, date and time, and the transaction reference returned by the card payment provider.",
          ],
        },
      ],
    },
    {
      title: "Technical data",
      blocks: [
        "For the security and proper operation of the service our servers record the IP address, browser and device type, and the time and outcome of each request (server logs). These logs are used to find faults and abuse and are not combined with other data to build profiles.",
      ],
    },
    {
      title: "Data we do not collect",
      blocks: [
        {
          list: [
            "Card details: you enter them only on the card payment provider's page; we never see or store your card number, expiry date or security code.",
            "Your device's location: the table is known only from the code you scanned.",
            "Special categories of data (for example health data). Allergen information is in the menu for you to read; what you choose to remove from a dish is recorded only as a preparation instruction of the order. Please do not write health information in comments.",
          ],
        },
      ],
    },
    {
      title: "Purposes and legal bases",
      blocks: [
        {
          list: [
            "Signing in, running the table session, sending orders, waiter calls and payments: performance of the contract for the use of the service (Article 6(1)(b) GDPR).",
            "Keeping payment and receipt records for as long as tax law requires: compliance with a legal obligation (Article 6(1)(c) GDPR).",
            "Security of the service, fraud prevention, banning users who leave without paying or break the Terms of use, and the defence of legal claims: the legitimate interests of TableOrder and of the venues (Article 6(1)(f) GDPR).",
            "Answering messages sent through the contact form and presenting the service to venues that asked for it: steps prior to entering into a contract, and legitimate interest.",
          ],
        },
      ],
    },
    {
      title: "Minimum age",
      blocks: [
        "The service is intended for persons aged 14 or over. By signing in you confirm that you are at least 14 years old. If we learn that an account belongs to a person under 14, we delete it together with its data, except what the law requires us to keep. Parents or guardians may ask us to delete such an account.",
      ],
    },
    {
      title: "What other guests at the table see",
      blocks: [
        "Everyone who joins the same table shares one session: they see the products ordered by the whole table, their status and the bill, so that you can order and pay together. They do not see your name, email, picture or other sign-in details, nor who ordered what.",
      ],
    },
    {
      title: "What venues see",
      blocks: [
        "The venue receives orders, waiter calls and payment requests with the table's number or name only. Venue staff have no access to customers' personal data (name, email, picture). The venue sees statistics of its sales without customer details.",
        "Venues are independently responsible for the receipts they issue and for any data they collect from you themselves outside the platform.",
      ],
    },
    {
      title: "Processors and other recipients",
      blocks: [
        "We disclose data only as far as the service requires, and only to recipients bound by contract to protect it:",
        {
          list: [
            "Card payment provider (a payment institution licensed in the European Economic Area): receives the amount and description of the payment and processes your card details on its own page, as an independent controller for carrying out the payment.",
            "Cloud hosting provider: hosts our servers and database in data centres in the European Economic Area.",
            "Sign-in providers (Google, Facebook): confirm your identity when you choose to sign in with them; their own privacy policies apply to what they process themselves.",
            "Public authorities, courts and tax authorities, where the law requires it.",
          ],
        },
      ],
    },
    {
      title: "Where data is stored",
      blocks: [
        "The service's data is stored and processed within the European Economic Area (EEA). We do not transfer it outside the EEA. When you sign in with Google or Facebook, the sign-in takes place on those providers' servers, which may process data outside the EEA under the safeguards described in their own policies.",
      ],
    },
    {
      title: "How long we keep data",
      blocks: [
        {
          list: [
            "Account data: for as long as the account is active; deleted one (1) year after your last activity.",
            "Table session, order and payment details: up to three (3) months, then anonymised so that they are no longer linked to you. The anonymous sales figures remain with the venue for its statistics and tax obligations.",
            "Non-public communications (messages sent through the contact form, correspondence with us): one (1) year.",
            "Email addresses of banned users: indefinitely, so that the ban can be enforced (see section 16).",
            "Server logs: for the short period needed for the security of the service.",
          ],
        },
        "Where a legal claim or an investigation by an authority is pending, we keep the relevant data until it is concluded.",
      ],
    },
    {
      title: "Banning users",
      blocks: [
        "TableOrder may ban users who leave a venue without paying or who break the Terms of use. So that a banned user cannot register again, we keep their email address indefinitely, together with the date of and reason for the ban; the rest of the account's data is deleted under the rules of section 15. Bans rest on our legitimate interest and that of the venues, and you may contest a ban by contacting us.",
      ],
    },
    {
      title: "Security",
      blocks: [
        "We apply technical and organisational measures appropriate to the risk: encrypted connections (HTTPS) for all communication, access to data only for those who need it, separation of each venue's data, cryptographically protected sign-in credentials, regular backups and monitoring for abuse. If a breach is likely to put you at risk, we will notify the competent authority and, where required, you, in accordance with Articles 33 and 34 GDPR.",
      ],
    },
    {
      title: "Cookies and local storage",
      blocks: [
        "The platform uses no advertising or tracking cookies. It stores on your device only what is strictly necessary for it to work (Article 4(5) of Greek Law 3471/2006):",
        {
          list: [
            "your sign-in token (in the browser's local storage or in the storage of the browser tab),",
            "the language you chose,",
            "your basket before the order is sent.",
          ],
        },
        "The sign-in providers and the card payment provider may use their own cookies on their pages.",
      ],
    },
    {
      title: "How we communicate with you",
      blocks: [
        "We do not send you marketing messages. Notices about your order and payment appear only inside the application. If you write to us through the contact form, we use the name, venue name, phone number and email you gave only to answer you and to present the service to you.",
      ],
    },
    {
      title: "Your rights",
      blocks: [
        "Under Articles 15 to 22 GDPR you have the right:",
        {
          list: [
            "of access to your data and to receive a copy of it,",
            "to rectification of inaccurate data,",
            "to erasure (“right to be forgotten”), except for what we must keep by law,",
            "to restriction of processing,",
            "to data portability of the data you gave us, in a structured, commonly used format,",
            "to object to processing based on our legitimate interest,",
            "to withdraw consent where processing is based on it, without affecting the lawfulness of processing before the withdrawal.",
          ],
        },
      ],
    },
    {
      title: "How to exercise your rights",
      blocks: [
        "Send your request through the contact form or to privacy@tableorder.gr. To protect your data we may ask you to confirm that the request comes from the email address of your account.",
        "We answer without undue delay and in any case within one (1) month of receiving the request. That period may be extended by two (2) further months where requests are complex or numerous; we will then tell you about the extension and its reasons within the first month. Exercising your rights is free of charge unless requests are manifestly unfounded or excessive.",
      ],
    },
    {
      title: "Complaints to the Data Protection Authority",
      blocks: [
        "If you believe that the processing of your data infringes the law, you have the right to lodge a complaint with the Hellenic Data Protection Authority (1-3 Kifisias Ave., 115 23 Athens, Greece, www.dpa.gr) or with the supervisory authority of the member state where you live or work. We would appreciate the chance to resolve the matter with you first.",
      ],
    },
    {
      title: "Automated decisions",
      blocks: [
        "We take no decisions based solely on automated processing that produce legal effects concerning you, and we do not profile you. Banning a user (section 16) is always decided by a person.",
      ],
    },
    {
      title: "Changes to this policy",
      blocks: [
        "We may amend this policy when the service or the law changes. The date of the last update is shown at the top of the page. We will tell you about material changes inside the application before your next sign-in.",
      ],
    },
    {
      title: "Contact",
      blocks: [
        "For questions about this policy or your data, write to us through the form on the “Contact” page or at privacy@tableorder.gr. This policy is governed by Greek law.",
      ],
    },
  ],
};

import type { Language } from "@tableorder/domain/enums";

interface Section {
  title: string;
  text: string;
}

interface RetailersContent {
  lead: string;
  benefitsTitle: string;
  benefits: readonly Section[];
  offerTitle: string;
  offerText: string;
  offer: readonly string[];
  contact: string;
  login: string;
}

/** The page for venue owners (spec 1 §1); loaded only with it. */
export const FOR_RETAILERS: Record<Language, RetailersContent> = {
  el: {
    lead: "Οι πελάτες σας παραγγέλνουν και πληρώνουν από το κινητό τους, εσείς εξυπηρετείτε γρηγορότερα. Έως και 30% αύξηση της κατανάλωσης με την παραγγελία από το κινητό.",
    benefitsTitle: "Τι κερδίζετε",
    benefits: [
      {
        title: "Ταχύτερη εξυπηρέτηση",
        text: "Η παραγγελία φτάνει αμέσως, χωρίς αναμονή για τον σερβιτόρο και χωρίς λάθη μεταφοράς.",
      },
      {
        title: "Λιγότερα έξοδα",
        text: "Το προσωπικό σας ασχολείται με το σερβίρισμα, όχι με τη λήψη παραγγελιών και τους λογαριασμούς.",
      },
      {
        title: "Λειτουργία στο cloud",
        text: "Δεν χρειάζεται Wi-Fi στο κατάστημα: οι πελάτες χρησιμοποιούν τα δεδομένα του κινητού τους.",
      },
      { title: "Κάθε παραγγελία στον σωστό χώρο", text: "Τα φαγητά πάνε στην κουζίνα, τα ποτά στο μπαρ, σε οθόνη ή εκτυπωτή." },
      {
        title: "Η συσκευή του τραπεζιού",
        text: "Ένα άγγιγμα με NFC ή ένα σκανάρισμα του QR ανοίγει τον κατάλογο του τραπεζιού.",
      },
    ],
    offerTitle: "Δωρεάν έναρξη",
    offerText: "Αναλαμβάνουμε ό,τι χρειάζεται για να ξεκινήσετε:",
    offer: [
      "λογαριασμοί για το προσωπικό σας",
      "ψηφιοποίηση του καταλόγου σας",
      "τοποθέτηση των συσκευών στα τραπέζια",
      "εκπαίδευση της ομάδας σας",
      "υποστήριξη σε κάθε βήμα",
    ],
    contact: "Θέλω να επικοινωνήσετε μαζί μου",
    login: "Έχω ήδη λογαριασμό",
  },
  en: {
    lead: "Your guests order and pay from their phones, you serve faster. Up to 30 percent more consumption with mobile ordering.",
    benefitsTitle: "What you gain",
    benefits: [
      {
        title: "Faster service",
        text: "Orders arrive at once, with no waiting for a waiter and no mistakes in passing them on.",
      },
      { title: "Cost savings", text: "Your staff serve guests instead of taking orders and writing bills." },
      { title: "Runs in the cloud", text: "No venue Wi-Fi needed: guests use their phone's mobile data." },
      { title: "Every order to the right place", text: "Food goes to the kitchen, drinks to the bar, on a screen or a printer." },
      { title: "The table device", text: "One NFC touch or a QR scan opens the table's menu." },
    ],
    offerTitle: "Free kickoff",
    offerText: "We take care of everything you need to start:",
    offer: [
      "staff accounts",
      "menu digitisation",
      "placing the devices on your tables",
      "training your team",
      "support at every step",
    ],
    contact: "Contact me",
    login: "I already have an account",
  },
};

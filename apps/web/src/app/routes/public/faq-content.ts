import type { Language } from "@tableorder/domain/enums";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The ten questions of the FAQ (spec 1 §1), in both languages; loaded only with the FAQ page. */
export const FAQ: Record<Language, readonly FaqEntry[]> = {
  el: [
    {
      question: "Πώς παραγγέλνω από το τραπέζι μου;",
      answer:
        "Ακουμπήστε το κινητό σας στη συσκευή του τραπεζιού (NFC) ή σκανάρετε τον κωδικό QR. Συνδεθείτε με Google ή Facebook, δείτε τον κατάλογο, προσθέστε ό,τι θέλετε στο καλάθι και στείλτε την παραγγελία. Όλη η διαδικασία διαρκεί λιγότερο από 2 λεπτά.",
    },
    {
      question: "Χρειάζεται να κατεβάσω κάποια εφαρμογή;",
      answer:
        "Όχι. Το TableOrder ανοίγει στον περιηγητή του κινητού σας, χωρίς εγκατάσταση. Η εγγραφή γίνεται σε λιγότερο από 1 λεπτό.",
    },
    {
      question: "Κοστίζει κάτι στον πελάτη;",
      answer: "Όχι. Η χρήση της υπηρεσίας είναι δωρεάν για τον πελάτη. Πληρώνετε μόνο όσα παραγγέλνετε στο κατάστημα.",
    },
    {
      question: "Μπορούμε να παραγγείλουμε πολλοί από το ίδιο τραπέζι;",
      answer:
        "Ναι. Όσοι κάθονται στο ίδιο τραπέζι συνδέονται στην ίδια κοινή παραγγελία: βλέπουν τι έχει παραγγείλει όλο το τραπέζι, σε ποιο στάδιο βρίσκεται κάθε προϊόν και τον λογαριασμό, και μπορούν να προσθέτουν προϊόντα όποτε θέλουν.",
    },
    {
      question: "Βλέπει το κατάστημα ή οι άλλοι πελάτες τα προσωπικά μου στοιχεία;",
      answer:
        "Όχι. Οι συνδαιτυμόνες σας δεν βλέπουν τα στοιχεία σύνδεσής σας και το προσωπικό του καταστήματος δεν έχει πρόσβαση σε προσωπικά δεδομένα πελατών. Μια παραγγελία φτάνει στην κουζίνα μόνο με τον αριθμό του τραπεζιού.",
    },
    {
      question: "Πώς πληρώνω;",
      answer:
        "Με κάρτα μέσω του παρόχου πληρωμών ή ζητώντας από τον σερβιτόρο να έρθει για την πληρωμή. Αν θέλετε να πληρώσετε τον σερβιτόρο με κάρτα, ενεργοποιήστε την επιλογή ότι χρειάζεστε τερματικό καρτών (POS).",
    },
    {
      question: "Μπορώ να πληρώσω μόνο τη δική μου κατανάλωση;",
      answer:
        "Ναι, μέσω του σερβιτόρου: επιλέξτε «Μερική πληρωμή», διαλέξτε πόσα τεμάχια από κάθε προϊόν πληρώνετε και καλέστε τον σερβιτόρο. Η πληρωμή με κάρτα online καλύπτει ολόκληρο το υπόλοιπο του τραπεζιού.",
    },
    {
      question: "Μπορώ να ακυρώσω κάτι που παρήγγειλα;",
      answer:
        "Ναι, όσο το προϊόν είναι σε κατάσταση «Εστάλη» και δεν έχει ξεκινήσει η προετοιμασία του. Πατήστε «Αφαίρεση» στο προϊόν και επιβεβαιώστε. Όταν η κουζίνα ή το μπαρ το έχει ξεκινήσει, ζητήστε τη βοήθεια του σερβιτόρου.",
    },
    {
      question: "Χρειάζεται το κατάστημα Wi-Fi ή νέο εξοπλισμό;",
      answer:
        "Όχι. Η υπηρεσία λειτουργεί στο cloud και οι πελάτες χρησιμοποιούν τα δεδομένα του κινητού τους. Το κατάστημα χρειάζεται μόνο τις συσκευές τραπεζιού, που τις τοποθετούμε εμείς, και ένα tablet ή κινητό για το προσωπικό.",
    },
    {
      question: "Πώς μπορεί το κατάστημά μου να ξεκινήσει;",
      answer:
        "Συμπληρώστε τη φόρμα επικοινωνίας και θα σας καλέσουμε. Η έναρξη είναι δωρεάν: δημιουργούμε τους λογαριασμούς του προσωπικού, ψηφιοποιούμε τον κατάλογό σας, τοποθετούμε τις συσκευές στα τραπέζια, εκπαιδεύουμε την ομάδα σας και σας υποστηρίζουμε.",
    },
  ],
  en: [
    {
      question: "How do I order from my table?",
      answer:
        "Touch your phone to the table device (NFC) or scan the QR code. Sign in with Google or Facebook, browse the menu, add what you like to the basket and send the order. It all takes less than 2 minutes.",
    },
    {
      question: "Do I need to download an app?",
      answer: "No. TableOrder opens in your phone's browser, with nothing to install. Signing up takes less than 1 minute.",
    },
    {
      question: "Does it cost anything for guests?",
      answer: "No. The service is free for guests. You only pay for what you order at the venue.",
    },
    {
      question: "Can several of us order from the same table?",
      answer:
        "Yes. Everyone at a table joins the same shared order: they see what the whole table ordered, where each item is, and the bill, and can add products at any time.",
    },
    {
      question: "Can the venue or other guests see my personal data?",
      answer:
        "No. Your companions do not see your login details and the venue's staff have no access to guests' personal data. An order reaches the kitchen with the table number only.",
    },
    {
      question: "How do I pay?",
      answer:
        "By card through the payment provider, or by asking the waiter to come and collect payment. If you want to pay the waiter by card, switch on the option that you need a card terminal (POS).",
    },
    {
      question: "Can I pay only for what I had?",
      answer:
        "Yes, through the waiter: choose “Partial payment”, pick how many pieces of each product you pay for and call the waiter. Online card payment covers the table's whole balance.",
    },
    {
      question: "Can I cancel something I ordered?",
      answer:
        "Yes, while the item is “Sent” and its preparation has not started. Tap “Remove” on the item and confirm. Once the kitchen or the bar has started it, ask the waiter for help.",
    },
    {
      question: "Does the venue need Wi-Fi or new equipment?",
      answer:
        "No. The service runs in the cloud and guests use their phone's mobile data. The venue only needs the table devices, which we place, and a tablet or phone for the staff.",
    },
    {
      question: "How can my venue get started?",
      answer:
        "Fill in the contact form and we will call you. Getting started is free: we create your staff accounts, digitise your menu, place the devices on your tables, train your team and support you.",
    },
  ],
};

/**
 * The wording of every field-rule key the contracts use (spec 3 §5). A zod issue of a contract
 * carries one of these keys as its message; the server answers it as a field error's `message`
 * and a form shows the text in the reader's language, so both sides mean the same words. Greek
 * texts quoted by the spec are kept exactly; the others are ours, in the same voice.
 */
export const VALIDATION_MESSAGES = {
  // The contact form's keys, named as spec 3 §5 names them.
  fieldRequired: { el: "Η συμπλήρωση του πεδίου είναι υποχρεωτική", en: "This field is required" },
  invalidPhone: { el: "Ο αριθμός τηλεφώνου δεν είναι έγκυρος", en: "The phone number is not valid" },
  invalidEmail: { el: "Το email δεν είναι έγκυρο", en: "The email is not valid" },
  "firstName.required": { el: "Απαιτείται συμπλήρωση ονόματος", en: "The first name is required" },
  "lastName.required": { el: "Απαιτείται συμπλήρωση επωνύμου", en: "The last name is required" },
  "username.required": { el: "Απαιτείται συμπλήρωση ονόματος χρήστη", en: "The username is required" },
  "username.invalid": {
    el: "Το όνομα χρήστη μπορεί να περιέχει μόνο γράμματα, ψηφία και τους χαρακτήρες . _ @ -",
    en: "The username may contain only letters, digits and the characters . _ @ -",
  },
  "password.required": { el: "Απαιτείται συμπλήρωση κωδικού", en: "The password is required" },
  "password.tooShort": {
    el: "Ο κωδικός πρέπει να περιέχει περισσότερους από 3 χαρακτήρες",
    en: "The password must contain more than 3 characters",
  },
  "password.tooShortForOperator": {
    el: "Ο κωδικός του διαχειριστή της πλατφόρμας πρέπει να έχει τουλάχιστον 12 χαρακτήρες",
    en: "The platform operator's password must have at least 12 characters",
  },
  "password.tooLong": {
    el: "Ο κωδικός πρέπει να περιέχει έως 128 χαρακτήρες",
    en: "The password may contain up to 128 characters",
  },
  "stats.date.invalid": { el: "Η ημερομηνία δεν είναι έγκυρη", en: "The date is not valid" },
  "stats.time.invalid": {
    el: "Η ώρα πρέπει να είναι 00-23 και τα λεπτά 00-59",
    en: "Hours must be 00-23 and minutes 00-59",
  },
  "ip.invalid": { el: "Η IP του εκτυπωτή δεν είναι σωστή", en: "The printer's IP is not correct" },
  "ip.requiredForAutoPrint": {
    el: "Απαιτείται συμπλήρωση της IP όταν η αυτόματη εκτύπωση είναι ενεργή",
    en: "The IP is required when automatic printing is on",
  },
  "printServiceUrl.invalid": {
    el: "Η διεύθυνση της υπηρεσίας εκτύπωσης πρέπει να ξεκινά με ws:// ή wss://",
    en: "The print service address must start with ws:// or wss://",
  },
  "googleReviewUrl.invalid": {
    el: "Ο σύνδεσμος κριτικών Google πρέπει να είναι διεύθυνση https://",
    en: "The Google review link must be an https:// address",
  },
  "rating.stars.invalid": { el: "Επιλέξτε από 1 έως 5 αστέρια", en: "Choose from 1 to 5 stars" },
  "rating.comment.tooLong": {
    el: "Το σχόλιο μπορεί να έχει έως 500 χαρακτήρες",
    en: "The comment may have up to 500 characters",
  },
  "table.label.required": { el: "Απαιτείται συμπλήρωση αριθμού", en: "The number is required" },
  "table.code.required": { el: "Απαιτείται συμπλήρωση table URL", en: "The table URL is required" },
  "table.code.invalid": {
    el: "Το table URL μπορεί να περιέχει μόνο λατινικά γράμματα, ψηφία και τους χαρακτήρες . _ ~ -",
    en: "The table URL may contain only Latin letters, digits and the characters . _ ~ -",
  },
  "name.required": { el: "Απαιτείται συμπλήρωση ονομασίας", en: "The name is required" },
  "translation.required": { el: "Απαιτείται συμπλήρωση μετάφρασης", en: "The translation is required" },
  "product.name.required": { el: "Απαιτείται συμπλήρωση τίτλου", en: "The title is required" },
  "product.price.required": { el: "Απαιτείται συμπλήρωση τιμής", en: "The price is required" },
  "product.takeAwayPrice.required": { el: "Απαιτείται συμπλήρωση τιμής", en: "The price is required" },
  "product.category.required": { el: "Απαιτείται συμπλήρωση ενότητας μενού", en: "The menu section is required" },
  "product.availability.priceRequired": {
    el: "Απαιτείται συμπλήρωση τιμής για ενεργοποίηση διαθεσιμότητας",
    en: "A price is required to make the product available",
  },
  "price.invalid": { el: "Η τιμή δεν είναι σωστή", en: "The price is not correct" },
  "vatCategory.invalid": { el: "Η κατηγορία ΦΠΑ δεν είναι σωστή", en: "The VAT category is not correct" },
  "retailer.name.required": { el: "Απαιτείται συμπλήρωση εμπορικής επωνυμίας", en: "The trade name is required" },
  "retailer.nameEng.required": {
    el: "Απαιτείται συμπλήρωση της εμπορικής επωνυμίας στα αγγλικά",
    en: "The English trade name is required while translations are on",
  },
  "retailer.type.required": { el: "Απαιτείται επιλογή τύπου καταστήματος", en: "Choose the type of the shop" },
  "retailer.mainCuisine.required": { el: "Απαιτείται επιλογή κύριας κουζίνας", en: "Choose the main cuisine" },
  "retailer.secondaryCuisine.invalid": {
    el: "Η δευτερεύουσα κουζίνα δεν είναι σωστή",
    en: "The secondary cuisine is not correct",
  },
  "text.tooLong": { el: "Το κείμενο είναι πολύ μεγάλο", en: "The text is too long" },
  "field.invalid": { el: "Η τιμή του πεδίου δεν είναι σωστή", en: "The value is not correct" },
  // Invoicing settings and card terminals (spec 3 §5).
  "invoicing.city.invalid": { el: "Απαιτείται χρήση έγκυρων χαρακτήρων", en: "Use valid characters" },
  "invoicing.zip.invalid": { el: "Απαιτείται συμπλήρωση έγκυρου Τ.Κ.", en: "A valid postcode is required" },
  "invoicing.phone.invalid": { el: "Απαιτείται συμπλήρωση έγκυρου τηλεφώνου", en: "A valid phone number is required" },
  "invoicing.website.invalid": { el: "Απαιτείται συμπλήρωση έγκυρης ιστοσελίδας", en: "A valid website is required" },
  "invoicing.tin.invalid": { el: "Απαιτείται συμπλήρωση έγκυρου Α.Φ.Μ.", en: "A valid VAT number is required" },
  "invoicing.taxOffice.invalid": { el: "Απαιτείται συμπλήρωση έγκυρης Δ.Ο.Υ.", en: "A valid tax office is required" },
  "invoicing.gemhNumber.invalid": {
    el: "Απαιτείται συμπλήρωση έγκυρου αριθμού Γ.Ε.ΜΗ.",
    en: "A valid GEMI number is required",
  },
  "invoicing.terminals.required": {
    el: "Απαιτείται συμπλήρωση στοιχείων τερματικού POS",
    en: "The details of a card terminal are required",
  },
  "terminal.required": {
    el: "Απαιτείται συμπλήρωση των στοιχείων του τερματικού",
    en: "The terminal's details are required",
  },
  "terminal.tidMid.invalid": { el: "Απαιτείται συμπλήρωση έγκυρων TID και MID", en: "A valid TID and MID are required" },
  "terminal.tid.duplicate": { el: "Το TID χρησιμοποιείται ήδη", en: "The TID is already in use" },
} as const satisfies Record<string, { el: string; en: string }>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Whether a zod issue's message is one of ours (and so travels to the client as is). */
export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

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
  "password.tooLong": {
    el: "Ο κωδικός πρέπει να περιέχει έως 128 χαρακτήρες",
    en: "The password may contain up to 128 characters",
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
} as const satisfies Record<string, { el: string; en: string }>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Whether a zod issue's message is one of ours (and so travels to the client as is). */
export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

/**
 * Wording of the keyed server errors the back-office screens meet (spec 3 §8: English as the
 * spec gives it; Greek ours). The client reads the key from `X-App-Error: error.<key>`.
 */
export const CRM_ERROR_MESSAGES = {
  category_has_products: {
    el: "Δεν επιτρέπεται η διαγραφή κατηγορίας που περιέχει προϊόντα.",
    en: "Deletion of a category with products is not allowed.",
  },
  username_exists: { el: "Το όνομα χρήστη χρησιμοποιείται ήδη.", en: "The username is already in use." },
  prep_area_name_exists: { el: "Η ονομασία χρησιμοποιείται ήδη.", en: "The name is already in use." },
  table_code_already_exists: { el: "Το URL χρησιμοποιείται ήδη.", en: "The URL is already in use." },
  table_name_already_exists: { el: "Ο αριθμός χρησιμοποιείται ήδη.", en: "The number is already in use." },
  active_session_on_table: { el: "Το τραπέζι είναι κατειλημμένο.", en: "The table is occupied." },
  prep_area_has_products: {
    el: "Ο χώρος προετοιμασίας έχει προϊόντα· μεταφέρετέ τα πρώτα σε άλλο χώρο.",
    en: "The preparation area still has products; move them to another area first.",
  },
  prep_area_has_open_tickets: {
    el: "Ο χώρος προετοιμασίας έχει ανοιχτές παραγγελίες.",
    en: "The preparation area still has open tickets.",
  },
  price_required: {
    el: "Απαιτείται συμπλήρωση τιμής για ενεργοποίηση διαθεσιμότητας",
    en: "A price is required to make the product available",
  },
  unknown_product_option: { el: "Η επιλογή δεν ανήκει στο προϊόν.", en: "The option does not belong to the product." },
  unsupported_image_type: {
    el: "Η εικόνα πρέπει να είναι JPEG, PNG ή WebP.",
    en: "The image must be a JPEG, PNG or WebP.",
  },
  image_too_large: { el: "Η εικόνα ξεπερνά τα 2 MB.", en: "The image is larger than 2 MB." },
} as const;

/**
 * Wording of the keyed server errors the waiter's screens meet (spec 2 leaves them unnamed;
 * Greek and English ours).
 */
export const WAITER_ERROR_MESSAGES = {
  request_already_handled: {
    el: "Το αίτημα έχει ήδη εξυπηρετηθεί.",
    en: "The request has already been handled.",
  },
  request_not_completable: {
    el: "Αυτό το αίτημα δεν ολοκληρώνεται από εδώ.",
    en: "This request cannot be completed here.",
  },
  nothing_to_undo: { el: "Δεν υπάρχει κάτι για αναίρεση.", en: "There is nothing to undo." },
  already_paid: {
    el: "Κάποια προϊόντα έχουν ήδη εξοφληθεί.",
    en: "Some of the products have already been paid.",
  },
  amounts_do_not_add_up: {
    el: "Τα ποσά δεν αντιστοιχούν στο σύνολο προς πληρωμή.",
    en: "The amounts do not add up to the total to pay.",
  },
  discount_too_large: {
    el: "Η έκπτωση δεν μπορεί να αφήσει λιγότερο από 0,20 € ανά τεμάχιο.",
    en: "The discount cannot leave less than €0.20 per piece.",
  },
  terminal_not_available: {
    el: "Η πληρωμή με τερματικό POS δεν είναι διαθέσιμη.",
    en: "Card terminal payments are not available.",
  },
  same_table_transfer: {
    el: "Επίλεξε διαφορετικό τραπέζι για τη μεταφορά.",
    en: "Choose a different table to transfer to.",
  },
} as const;

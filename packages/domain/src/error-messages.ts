import type { ErrorKey } from "./errors.ts";

/**
 * The wording of every keyed server error, in both languages: the server answers a key
 * (`X-App-Error: error.<key>`), every screen shows these words for it. Spec wordings are kept
 * exactly (spec 1 §8, spec 2 §8, spec 3 §8); the others are ours, in the same voice.
 */
export const ERROR_MESSAGES: Record<ErrorKey, { el: string; en: string }> = {
  product_not_in_current_order: { el: "Το προϊόν δεν μπορεί να αφαιρεθεί.", en: "The product cannot be removed." },
  cancel_reason_required: {
    el: "Το προϊόν έχει ήδη ετοιμαστεί: επιλέξτε τον λόγο της ακύρωσης.",
    en: "The item has already been prepared: choose the reason for cancelling.",
  },
  active_session_on_table: { el: "Το τραπέζι είναι κατειλημμένο.", en: "The table is occupied." },
  inactive_product: {
    el: "Η παραγγελία μπλοκαρίστηκε λόγω μη διαθεσιμότητας προϊόντος!",
    en: "The order was blocked due to product unavailability!",
  },
  active_payment_exists: { el: "Υπάρχει ενεργή πληρωμή POS.", en: "Active POS payment exists." },
  active_payment_request: {
    el: "Έχει ζητηθεί πληρωμή. Μέχρι να έρθει ο σερβιτόρος δεν γίνονται νέες παραγγελίες.",
    en: "Payment has been requested. No new orders until the waiter comes.",
  },
  category_has_products: {
    el: "Δεν επιτρέπεται η διαγραφή κατηγορίας με προϊόντα.",
    en: "Deletion of a category with products is not allowed.",
  },
  username_exists: { el: "Το όνομα χρήστη χρησιμοποιείται ήδη.", en: "The username is already in use." },
  userexists: { el: "Το όνομα χρήστη χρησιμοποιείται ήδη.", en: "The username is already in use." },
  prep_area_name_exists: { el: "Το όνομα χρησιμοποιείται ήδη.", en: "The name is already in use." },
  table_code_already_exists: { el: "Η διεύθυνση URL χρησιμοποιείται ήδη.", en: "The URL is already in use." },
  table_name_already_exists: { el: "Ο αριθμός χρησιμοποιείται ήδη.", en: "The number is already in use." },
  category_name_already_exists: {
    el: "Υπάρχει ήδη κατηγορία με αυτή την ονομασία.",
    en: "A category with this name already exists.",
  },
  validation: { el: "Τα στοιχεία που στάλθηκαν δεν είναι έγκυρα.", en: "The data sent is not valid." },
  table_not_found: { el: "Δεν υπάρχει τραπέζι με αυτόν τον κωδικό", en: "No table with this Code" },
  not_checked_in: { el: "Δεν είστε πλέον συνδεδεμένοι σε αυτό το τραπέζι.", en: "You are no longer checked in at this table." },
  table_not_in_service: {
    el: "Το τραπέζι δεν είναι σε λειτουργία αυτή τη στιγμή. Ζητήστε βοήθεια από το προσωπικό.",
    en: "This table is not in service right now. Please ask a member of staff.",
  },
  unknown_product_option: {
    el: "Μια επιλογή του προϊόντος δεν είναι πλέον διαθέσιμη.",
    en: "A product option is no longer available.",
  },
  bad_credentials: { el: "Το όνομα χρήστη ή ο κωδικός σας δεν είναι έγκυρα", en: "Your username or password is not valid" },
  forbidden: { el: "Δεν έχετε πρόσβαση σε αυτή την ενέργεια.", en: "You are not allowed to do this." },
  unauthorized: { el: "Απαιτείται σύνδεση.", en: "Sign-in required." },
  not_found: { el: "Δεν βρέθηκε", en: "Not found" },
  identity_provider_not_configured: {
    el: "Αυτός ο τρόπος σύνδεσης δεν είναι διαθέσιμος.",
    en: "This sign-in method is not available.",
  },
  identity_verification_failed: { el: "Η επαλήθευση της σύνδεσης απέτυχε.", en: "Sign-in verification failed." },
  too_many_sign_in_attempts: {
    el: "Πολλές αποτυχημένες προσπάθειες. Δοκιμάστε ξανά αργότερα.",
    en: "Too many failed attempts. Try again later.",
  },
  too_many_requests: {
    el: "Πάρα πολλά αιτήματα σε λίγο χρόνο. Δοκιμάστε ξανά σε λίγο.",
    en: "Too many requests in a short time. Try again in a moment.",
  },
  idempotency_conflict: {
    el: "Αυτή η παραγγελία έχει ήδη σταλεί με διαφορετικό περιεχόμενο.",
    en: "This order was already sent with different content.",
  },
  idempotency_key_reused: {
    el: "Αυτή η ενέργεια έχει ήδη σταλεί με διαφορετικά στοιχεία. Δοκιμάστε ξανά.",
    en: "This action was already sent with different details. Try again.",
  },
  idempotency_request_in_progress: {
    el: "Η ίδια ενέργεια εκτελείται ακόμη. Περιμένετε λίγο.",
    en: "The same action is still being carried out. Wait a moment.",
  },
  idempotency_reply_lost: {
    el: "Η ενέργεια έχει ήδη καταχωριστεί, αλλά η απάντησή της χάθηκε. Ανανεώστε την οθόνη.",
    en: "The action was already recorded, but its answer was lost. Refresh the screen.",
  },
  product_not_on_ticket: { el: "Το προϊόν δεν ανήκει σε αυτή την παραγγελία.", en: "This product is not on this ticket." },
  product_cancelled: {
    el: "Το προϊόν έχει ακυρωθεί και δεν ετοιμάζεται.",
    en: "This product was cancelled and is not to be prepared.",
  },
  product_already_delivered: {
    el: "Το προϊόν έχει ήδη παραδοθεί από τον σερβιτόρο και δεν μπορεί να επιστρέψει στην προετοιμασία.",
    en: "The waiter has already delivered this product; it cannot go back to preparation.",
  },
  nothing_to_undo: {
    el: "Δεν υπάρχει κάτι για αναίρεση σε αυτή την παραγγελία.",
    en: "There is nothing to undo on this ticket.",
  },
  price_required: {
    el: "Απαιτείται συμπλήρωση τιμής για ενεργοποίηση διαθεσιμότητας",
    en: "A price is required to enable availability",
  },
  prep_area_has_products: {
    el: "Ο χώρος προετοιμασίας έχει προϊόντα. Μεταφέρετέ τα σε άλλο χώρο πριν τον διαγράψετε.",
    en: "The preparation area has products. Move them to another area before deleting it.",
  },
  prep_area_has_open_tickets: {
    el: "Ο χώρος προετοιμασίας έχει παραγγελίες σε εξέλιξη και δεν μπορεί να διαγραφεί.",
    en: "The preparation area has orders in progress and cannot be deleted.",
  },
  unsupported_image_type: { el: "Η εικόνα πρέπει να είναι JPEG, PNG ή WebP.", en: "The image must be a JPEG, PNG or WebP." },
  not_an_image: {
    el: "Το αρχείο δεν είναι εικόνα. Διαλέξτε μια φωτογραφία JPEG, PNG ή WebP.",
    en: "The file is not a picture. Choose a JPEG, PNG or WebP photo.",
  },
  image_too_large: { el: "Η εικόνα είναι πολύ μεγάλη (έως 2 MB).", en: "The image is too large (2 MB at most)." },
  unreadable_image: {
    el: "Η εικόνα δεν μπορεί να διαβαστεί. Δοκιμάστε άλλο αρχείο.",
    en: "The image cannot be read. Try another file.",
  },
  request_already_handled: {
    el: "Η εργασία έχει ήδη εκτελεστεί από άλλον/η σερβιτόρο.",
    en: "Another waiter has already handled this task.",
  },
  request_not_completable: { el: "Αυτή η εργασία δεν ολοκληρώνεται από εδώ.", en: "This task is not completed from here." },
  already_paid: { el: "Κάποια από τα προϊόντα έχουν ήδη πληρωθεί.", en: "Some of the products have already been paid." },
  amounts_do_not_add_up: {
    el: "Τα ποσά μετρητών, κάρτας και επί πιστώσει δεν αθροίζουν στο πληρωτέο ποσό.",
    en: "Cash, card and on-credit amounts do not add up to the amount due.",
  },
  credit_debtor_required: {
    el: "Γράψτε ποιος οφείλει το ποσό επί πιστώσει.",
    en: "Write who owes the amount on credit.",
  },
  tip_negative: { el: "Το φιλοδώρημα δεν μπορεί να είναι αρνητικό.", en: "A tip cannot be negative." },
  tip_not_allowed: {
    el: "Δεν δίνεται φιλοδώρημα σε κέρασμα ή σε πληρωμή επί πιστώσει.",
    en: "A tip cannot be left on a gift or an on-credit collection.",
  },
  tip_method_not_in_payment: {
    el: "Το φιλοδώρημα καταχωρείται με τον τρόπο πληρωμής που πληρώνει μέρος του λογαριασμού (μετρητά ή κάρτα).",
    en: "A tip goes with a way of paying that pays part of the bill (cash or card).",
  },
  tip_needs_confirmation: {
    el: "Το φιλοδώρημα είναι ασυνήθιστα μεγάλο (πάνω από τον λογαριασμό ή τα 50 €): επιβεβαιώστε το.",
    en: "The tip is unusually large (over the bill or over 50 €): confirm it.",
  },
  discount_too_large: {
    el: "Η έκπτωση είναι μεγαλύτερη από την επιτρεπτή (τουλάχιστον 0,20 € ανά τεμάχιο).",
    en: "The discount is larger than allowed (at least 0.20 € per piece must remain).",
  },
  terminal_not_available: {
    el: "Το τερματικό POS δεν είναι διαθέσιμο για αυτό το κατάστημα.",
    en: "This card terminal is not available for this venue.",
  },
  same_table_transfer: {
    el: "Επιλέξτε διαφορετικό τραπέζι για τη μεταφορά.",
    en: "Choose a different table for the transfer.",
  },
  payment_not_verified: {
    el: "Ο πάροχος πληρωμών δεν επιβεβαίωσε την πληρωμή. Δεν χρεώθηκε τίποτα εδώ.",
    en: "The payment provider did not confirm the payment. Nothing was paid here.",
  },
  payment_provider_unavailable: {
    el: "Η πληρωμή με κάρτα δεν είναι διαθέσιμη αυτή τη στιγμή. Δοκιμάστε ξανά ή πληρώστε στον σερβιτόρο.",
    en: "Card payment is not available right now. Try again or pay the waiter.",
  },
  payment_hold_not_found: {
    el: "Δεν υπάρχει πληρωμή με κάρτα σε εξέλιξη για αυτά τα προϊόντα.",
    en: "No card payment is in progress for these items.",
  },
  online_payment_charged: {
    el: "Η κάρτα του πελάτη χρεώθηκε: τα προϊόντα καταχωρήθηκαν ως πληρωμένα.",
    en: "The guest's card was charged: the items are now recorded as paid.",
  },
  terminal_unreachable: {
    el: "Το τερματικό POS δεν απαντά αυτή τη στιγμή. Δοκιμάστε ξανά ή εισπράξτε αλλιώς.",
    en: "The card terminal is not answering right now. Try again or collect another way.",
  },
  nothing_to_bill: {
    el: "Δεν υπάρχουν προϊόντα προς έκδοση λογαριασμού.",
    en: "There are no products left to bill.",
  },
  nothing_to_rate: {
    el: "Δεν υπάρχει πληρωμένη επίσκεψη σε αυτό το τραπέζι για αξιολόγηση.",
    en: "There is no paid visit at this table to rate.",
  },
  invalid_date_range: {
    el: "Το διάστημα ημερομηνιών δεν είναι έγκυρο (έως 92 ημέρες, η λήξη όχι πριν την έναρξη).",
    en: "The date range is not valid (92 days at most, the end not before the start).",
  },
  stats_end_before_start: {
    el: "Η λήξη του διαστήματος δεν μπορεί να είναι πριν την έναρξη.",
    en: "The end of the period cannot come before its start.",
  },
  future_date: { el: "Η ημερομηνία δεν μπορεί να είναι μελλοντική.", en: "The date cannot be in the future." },
  unknown_stats_filter: {
    el: "Κάποιο τραπέζι ή χώρος προετοιμασίας του φίλτρου δεν υπάρχει.",
    en: "A table or preparation area of the filter does not exist.",
  },
  invoicing_enable_active_service: {
    el: "Αδυναμία ενεργοποίησης ηλεκτρονικής τιμολόγησης λόγω ενεργούς εξυπηρέτησης",
    en: "Electronic invoicing cannot be turned on while a service is active",
  },
  invoicing_disable_active_service: {
    el: "Αδυναμία απενεργοποίησης ηλεκτρονικής τιμολόγησης λόγω ενεργούς εξυπηρέτησης",
    en: "Electronic invoicing cannot be turned off while a service is active",
  },
  order_slip_choice_active_service: {
    el: "Το δελτίο παραγγελίας ανά παραγγελία δεν αλλάζει όσο κάποιο τραπέζι εξυπηρετείται",
    en: "The order slip on every order cannot change while a table is being served",
  },
  document_already_cancelled: { el: "Το παραστατικό έχει ήδη ακυρωθεί.", en: "The document is already cancelled." },
  document_not_cancellable: {
    el: "Αυτό το παραστατικό δεν μπορεί να ακυρωθεί.",
    en: "This document cannot be cancelled.",
  },
  document_xml_unavailable: {
    el: "Το XML θα είναι διαθέσιμο μόλις διαβιβαστεί το παραστατικό που ακυρώνει.",
    en: "The XML is available once the document it cancels is transmitted.",
  },
  venue_disabled: {
    el: "Το κατάστημα είναι απενεργοποιημένο. Επικοινωνήστε με την υποστήριξη της πλατφόρμας.",
    en: "This venue is disabled. Please contact the platform's support.",
  },
  venue_not_accepting_guests: {
    el: "Το κατάστημα δεν δέχεται παραγγελίες αυτή τη στιγμή.",
    en: "This venue is not taking orders right now.",
  },
  set_password_link_invalid: {
    el: "Ο σύνδεσμος δεν ισχύει πια: έχει ήδη χρησιμοποιηθεί ή έληξε. Ζητήστε νέο σύνδεσμο.",
    en: "This link is no longer valid: it was already used or it has expired. Ask for a new link.",
  },
  contact_request_became_venue: {
    el: "Από αυτό το αίτημα έχει ήδη δημιουργηθεί κατάστημα.",
    en: "A venue was already created from this request.",
  },
  internal: { el: "Κάτι πήγε στραβά. Δοκιμάστε ξανά.", en: "Something went wrong. Try again." },
};

/** One language's wordings, as the web's catalogs hold them under `error.*`. */
export function errorMessagesIn(lang: "el" | "en"): Record<ErrorKey, string> {
  return Object.fromEntries(Object.entries(ERROR_MESSAGES).map(([key, text]) => [key, text[lang]])) as Record<ErrorKey, string>;
}

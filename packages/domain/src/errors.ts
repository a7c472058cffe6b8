/**
 * Keyed errors of the spec's catalogues. The server sends the key (as `error.<key>` in the
 * X-App-Error header and body); the web shows the wording from its i18n catalog.
 */
export const ERROR_KEYS = [
  "product_not_in_current_order",
  // Cancelling pieces the kitchen already prepared (issue 31) says why: waste, the guest, a mistake.
  "cancel_reason_required",
  "active_session_on_table",
  "inactive_product",
  "active_payment_exists",
  // A guest's order while the table's payment request is open (issue 28): the waiter is coming to
  // collect, and the order would be missing from their payment task.
  "active_payment_request",
  "category_has_products",
  "username_exists",
  "userexists",
  "prep_area_name_exists",
  "table_code_already_exists",
  "table_name_already_exists",
  // Two categories of a venue with one name (case, accents and spacing aside) read as one on the menu.
  "category_name_already_exists",
  // Beyond the spec's table, for situations it leaves unnamed.
  "validation",
  "table_not_found",
  "not_checked_in",
  // A table switched out of service in the back office (spec 3 §3 `onService`) seats and serves no guest order.
  "table_not_in_service",
  "unknown_product_option",
  "bad_credentials",
  "forbidden",
  "unauthorized",
  "not_found",
  "identity_provider_not_configured",
  "identity_verification_failed",
  // Throttling (issue 16): a staff sign-in locked after repeated failures, a guest past its rate;
  // both are a 429 with Retry-After and params { retryAfterSeconds }.
  "too_many_sign_in_attempts",
  "too_many_requests",
  "idempotency_conflict",
  // A staff request's Idempotency-Key (issue 31): reused for another action (422), its first
  // request still running (409), or its first answer lost with the instance that gave it (409).
  "idempotency_key_reused",
  "idempotency_request_in_progress",
  "idempotency_reply_lost",
  "product_not_on_ticket",
  "product_cancelled",
  "product_already_delivered",
  "nothing_to_undo",
  "price_required",
  // Back office (spec 3): an area still in use cannot be deleted; product pictures.
  "prep_area_has_products",
  "prep_area_has_open_tickets",
  "unsupported_image_type",
  // Bytes that are no picture at all, whatever their name and declared type say.
  "not_an_image",
  "image_too_large",
  // Bytes of an allowed type that do not decode as a picture (damaged, or too many pixels).
  "unreadable_image",
  // The waiter's tasks (spec 2): another waiter (or a double tap) got there first.
  "request_already_handled",
  "request_not_completable",
  // Collecting payments at the table (spec 2 §4.5, §5).
  "already_paid",
  "amounts_do_not_add_up",
  "discount_too_large",
  // An amount on credit is owed by somebody: the collection names who (issue 28 A9).
  "credit_debtor_required",
  // Tips (issue 32): never negative, none on a gift or on credit, a card tip with a card part,
  // an unusually large one confirmed.
  "tip_negative",
  "tip_not_allowed",
  "tip_method_not_in_payment",
  "tip_needs_confirmation",
  "terminal_not_available",
  "same_table_transfer",
  // Online card payment (spec 1 §7): a return the provider does not confirm pays nothing.
  "payment_not_verified",
  "payment_provider_unavailable",
  // Releasing an online card payment's hold (issue 28 A5): only one still in progress, never a charged one.
  "payment_hold_not_found",
  "online_payment_charged",
  // Card terminals at the table (spec 2 §4.5): the terminal's provider could not take the sale.
  "terminal_unreachable",
  // The cash desk (spec 3 §2.3, §5): a bill with nothing left to bill, the history's dates.
  "nothing_to_bill",
  "invalid_date_range",
  // Statistics (spec 3 §5 stats filters): an end before its start, a day after today, a table or
  // area filter naming what the venue does not have.
  "stats_end_before_start",
  "future_date",
  "unknown_stats_filter",
  // Fiscal documents (issue 13, spec 3 §8): the invoicing toggle during a service, cancelling.
  "invoicing_enable_active_service",
  "invoicing_disable_active_service",
  "order_slip_choice_active_service",
  "document_already_cancelled",
  "document_not_cancellable",
  "document_xml_unavailable",
  // Onboarding (issue 18): a venue the platform operator disabled, and a set-password link that is
  // unknown, used or expired (one key for all three, so a link cannot be probed).
  "venue_disabled",
  "venue_not_accepting_guests",
  "set_password_link_invalid",
  "contact_request_became_venue",
  // A guest's rating (issue 32): only of a visit they were at and paid in.
  "nothing_to_rate",
  "internal",
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** A field rule failure, named the way the spec's clients read them (`error.<message>`). */
export interface FieldError {
  objectName: string;
  field: string;
  message: string;
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  message: `error.${string}`;
  title: string;
  status: number;
  params?: Record<string, unknown>;
  fieldErrors?: FieldError[];
}

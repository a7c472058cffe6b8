import { z } from "zod";
import { idParam } from "./common.ts";

/**
 * The venue's audit trail of staff actions (issue 16): who did what, when, on which table or item,
 * with the amounts before and after, in integer cents. Times are ISO 8601 in UTC (the screen shows
 * them in Europe/Athens); days in queries are the venue's calendar days (YYYY-MM-DD, Athens).
 */

/** What an entry records; a closed list, so the back office has a label for every kind. */
export const AUDIT_KINDS = [
  /** Pieces given away: before is their price, after 0. */
  "GIFT",
  /** A discount on a collection: before is the pieces' price, after what was charged. */
  "DISCOUNT",
  /** Unpaid pieces taken off a bill: before is their price, after 0. */
  "ITEM_CANCELLED",
  /** A table's open bill moved to another table: before is the unpaid amount moved. */
  "TABLE_TRANSFERRED",
  /** A product's price (dine-in or take-away) changed: the old and the new price. */
  "PRICE_CHANGED",
  /** A product switched on or off for a service. */
  "AVAILABILITY_CHANGED",
  /** A fiscal document cancelled by a credit note: before is the document's total. */
  "DOCUMENT_CANCELLED",
  /** A collection left (partly) on credit: before is the amount due, after the part on credit. */
  "PAYMENT_ON_CREDIT",
  /** A staff member signed in. */
  "STAFF_SIGNED_IN",
  /** A staff account (waiter, preparation area's account) created, edited or deleted. */
  "STAFF_CHANGED",
  /** The venue's settings changed (shop, invoicing, card terminals). */
  "SETTINGS_CHANGED",
  /** The platform operator disabled the venue or brought it back (issue 18); details.disabled says which. */
  "VENUE_STATUS_CHANGED",
  /** The platform operator issued a new set-password link for the venue's administrator (subject: the login). */
  "ADMIN_LINK_ISSUED",
  /** Staff released pieces an online card payment held, after the provider said nothing was charged: before is the held amount. */
  "PAYMENT_HOLD_RELEASED",
  /** Staff entered a tip with a collection (issue 32): before is the bill charged, after the tip; details.tipMethod how it was left. */
  "TIP_ENTERED",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What the owner reads for each kind, on the screen and in the CSV. */
export const AUDIT_KIND_LABELS: Record<AuditKind, { el: string; en: string }> = {
  GIFT: { el: "Κέρασμα", en: "Gift" },
  DISCOUNT: { el: "Έκπτωση", en: "Discount" },
  ITEM_CANCELLED: { el: "Ακύρωση προϊόντος", en: "Item cancelled" },
  TABLE_TRANSFERRED: { el: "Μεταφορά τραπεζιού", en: "Table transferred" },
  PRICE_CHANGED: { el: "Αλλαγή τιμής", en: "Price changed" },
  AVAILABILITY_CHANGED: { el: "Αλλαγή διαθεσιμότητας", en: "Availability changed" },
  DOCUMENT_CANCELLED: { el: "Ακύρωση παραστατικού", en: "Document cancelled" },
  PAYMENT_ON_CREDIT: { el: "Πληρωμή επί πιστώσει", en: "Payment on credit" },
  STAFF_SIGNED_IN: { el: "Σύνδεση προσωπικού", en: "Staff sign-in" },
  STAFF_CHANGED: { el: "Αλλαγή προσωπικού", en: "Staff changed" },
  SETTINGS_CHANGED: { el: "Αλλαγή ρυθμίσεων", en: "Settings changed" },
  VENUE_STATUS_CHANGED: { el: "Κατάσταση καταστήματος", en: "Venue status" },
  ADMIN_LINK_ISSUED: { el: "Σύνδεσμος κωδικού διαχειριστή", en: "Administrator's password link" },
  PAYMENT_HOLD_RELEASED: { el: "Αποδέσμευση πληρωμής με κάρτα", en: "Card payment hold released" },
  TIP_ENTERED: { el: "Φιλοδώρημα", en: "Tip" },
};

/** The longest range one read covers, in calendar days (the invalid_date_range wording says 92). */
export const MAX_AUDIT_DAYS = 92;
/** Entries per page of the back office's list. */
export const AUDIT_PAGE_SIZE = 50;

const calendarDay = z.iso.date();

/**
 * GET api/crm/audit and api/crm/audit.csv: `from` and `to` default to today (Athens); a staff
 * member and a kind narrow the list; `page` counts from 0 (the CSV has every matching entry).
 */
export const auditQuery = z.object({
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  actorUserId: idParam.optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AuditQuery = z.output<typeof auditQuery>;
export type AuditQueryInput = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number(),
  createdAt: z.string(),
  kind: z.enum(AUDIT_KINDS),
  actorUserId: z.number().nullable(),
  actorName: z.string(),
  actorRole: z.string(),
  tableId: z.number().nullable(),
  tableLabel: z.string().nullable(),
  subject: z.string().nullable(),
  amountBeforeCents: z.number().int().nullable(),
  amountAfterCents: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** One page of the trail, newest first, and how many entries match in all. */
export const auditPage = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  from: calendarDay,
  to: calendarDay,
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET api/crm/audit/staff: everyone of the venue who may appear in the trail, for the filter. */
export const auditStaffMember = z.object({ id: z.number(), name: z.string(), role: z.string(), deleted: z.boolean() });
export type AuditStaffMember = z.infer<typeof auditStaffMember>;
export const auditStaffList = z.array(auditStaffMember);

import { z } from "zod";
import { RETAILER_TYPES } from "../enums.ts";
import { newPasswordField, operatorPasswordField, optionalText, requiredText, usernameField } from "./crm-fields.ts";

/**
 * The platform operator's console (issue 18): the contact form's requests, the venues, and the
 * one-time links that let a new account choose its password. The operator sees venues and their
 * signs of life, never a venue's orders, guests or payments.
 */

/** Where a contact-form request stands: new, the owner was contacted, it became a venue, or declined. */
export const CONTACT_REQUEST_STATUSES = ["NEW", "CONTACTED", "VENUE_CREATED", "DECLINED"] as const;
export type ContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];

export const contactRequestRow = z.object({
  id: z.number(),
  name: z.string(),
  companyName: z.string(),
  phone: z.string(),
  email: z.string(),
  status: z.enum(CONTACT_REQUEST_STATUSES),
  /** The venue made from it, once it became one. */
  retailerId: z.number().nullable(),
  createdAt: z.string(),
});
export type ContactRequestRow = z.infer<typeof contactRequestRow>;
export const contactRequestList = z.array(contactRequestRow);

/**
 * The operator marks a request by hand; "became a venue" is set only by creating the venue, so it
 * cannot be claimed for a venue that does not exist.
 */
export const contactRequestStatusRequest = z.object({
  status: z.enum(["NEW", "CONTACTED", "DECLINED"], { error: "field.invalid" }),
});

/** A one-time link to choose a password, shown once to whoever passes it on. */
export const setPasswordLink = z.object({ url: z.string(), expiresAt: z.string() });
export type SetPasswordLink = z.infer<typeof setPasswordLink>;

/** A new venue with its first administrator, who chooses a password through the link. */
export const createVenueRequest = z.object({
  name: requiredText("retailer.name.required"),
  type: z.enum(RETAILER_TYPES, { error: "retailer.type.required" }),
  adminUsername: usernameField,
  adminFirstName: optionalText(),
  adminLastName: optionalText(),
  /** The contact-form request it answers, which then reads "became a venue". */
  contactRequestId: z.number().int().positive().nullish(),
});
export type CreateVenueInput = z.input<typeof createVenueRequest>;
export type CreateVenueRequest = z.output<typeof createVenueRequest>;

/** What an operator watches of a venue: whether it is used and whether something is stuck. */
export const operatorVenue = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  createdAt: z.string(),
  disabled: z.boolean(),
  /** The first administrator's username, and whether they have chosen a password yet. */
  adminUsername: z.string().nullable(),
  adminHasPassword: z.boolean(),
  lastOrderAt: z.string().nullable(),
  /** Tables that opened a bill today (Athens day). */
  tablesOpenedToday: z.number().int(),
  /** Tickets and documents waiting to print for more than a few minutes: a printer that does not answer. */
  printsWaiting: z.number().int(),
  /** Card-terminal sales that failed or were aborted today. */
  terminalSalesFailedToday: z.number().int(),
  /** Fiscal documents not yet accepted by myDATA. */
  fiscalDocumentsWaiting: z.number().int(),
});
export type OperatorVenue = z.infer<typeof operatorVenue>;
export const operatorVenueList = z.array(operatorVenue);

export const createdVenue = z.object({ venue: operatorVenue, link: setPasswordLink });
export type CreatedVenue = z.infer<typeof createdVenue>;

export const venueStatusRequest = z.object({ disabled: z.boolean({ error: "field.invalid" }) });

/** The account a set-password link is for, as its page greets it. */
export const setPasswordTarget = z.object({
  username: z.string(),
  /** The venue, for a venue's administrator; null for the platform operator. */
  venueName: z.string().nullable(),
  expiresAt: z.string(),
});
export type SetPasswordTarget = z.infer<typeof setPasswordTarget>;
export const setPasswordTokenParams = z.object({ token: z.string().min(20).max(100) });
export const setPasswordRequest = z.object({ password: newPasswordField });
const operatorSetPasswordRequest = z.object({ password: operatorPasswordField });
/**
 * The rule a link's password follows: a venue's account, the spec's; the platform operator's
 * account, the stricter one. The page checks it as the user types, the server on save.
 */
export function setPasswordRuleFor(forPlatformOperator: boolean) {
  return forPlatformOperator ? operatorSetPasswordRequest : setPasswordRequest;
}
export type SetPasswordInput = z.input<typeof setPasswordRequest>;
export const setPasswordDone = z.object({ username: z.string() });

/** The new operator account of `npm run operator:create`, and the link that gives it a password. */
export const createOperatorRequest = z.object({ username: usernameField });
export const createdOperator = z.object({ username: z.string(), link: setPasswordLink });

import type { Authority } from "./enums.ts";

/**
 * Account roles that may delete back-office records: waiters, products and preparation areas
 * (spec 3 §6). The cash desk edits them but never deletes. The server's route table admits only
 * these roles to the DELETE routes, and the web shows Delete only to them, so a cashier is never
 * offered a button the server refuses.
 */
export const RECORD_DELETERS = ["ADMIN"] as const;

/** Whether an account with these authorities may delete back-office records. */
export function mayDeleteRecords(authorities: readonly Authority[]): boolean {
  return RECORD_DELETERS.some((role) => authorities.includes(`ROLE_${role}`));
}

/**
 * When the till prints a fiscal document (issue 13). A receipt should carry AADE's mark and QR, and
 * the outbox usually has them within a second; so a document still waiting for AADE is held back
 * for a short while, then printed with the "pending transmission" line, since the guest must not
 * wait on AADE either.
 */

/** How long a document waiting for AADE's mark is held back before it prints without one. */
export const PRINT_WAIT_FOR_MARK_MS = 6_000;

/** Documents older than this are not printed by themselves any more (a till switched off all day). */
export const PRINT_WINDOW_HOURS = 12;

/** The moment a document may print: at once once AADE answered (or refused), else after the wait. */
export function printDueAt(document: { status: string; issuedAt: string }): number {
  const issuedAt = Date.parse(document.issuedAt);
  return document.status === "PENDING" ? issuedAt + PRINT_WAIT_FOR_MARK_MS : issuedAt;
}

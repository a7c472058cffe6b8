/**
 * Whole minutes since a ticket was sent, as the cook reads them (N'; 0' under a minute). A
 * clock slightly behind the server never shows a negative age.
 */
export function elapsedMinutes(sentAt: string, now: number): number {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return 0;
  return Math.max(0, Math.floor((now - sent) / 60_000));
}

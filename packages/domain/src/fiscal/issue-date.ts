const ATHENS_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Athens",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * A document's issue date as myDATA and its uid carry it: the calendar day in Greece (YYYY-MM-DD),
 * whatever the server's time zone, so a sale at 00:30 Athens time is dated that day, not the UTC one.
 */
export function fiscalIssueDate(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("Not a date");
  return ATHENS_DAY.format(at);
}

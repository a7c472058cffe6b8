/** Venues keep Athens time: a moment shown as day, month and time there, in the reader's locale. */
export function athensDateTime(locale: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: "Europe/Athens",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (iso) => format.format(new Date(iso));
}

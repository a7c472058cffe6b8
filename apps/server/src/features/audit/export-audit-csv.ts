import { AUDIT_KIND_LABELS } from "@tableorder/domain/contracts/audit";
import type { Language } from "@tableorder/domain/enums";
import type { Queryable } from "../../db/client.ts";
import { csvEuros, csvFile } from "../../lib/csv-file.ts";
import { VENUE_TIME_ZONE } from "../../lib/venue-time.ts";
import { type AuditScope, loadAllAuditEntries } from "./load-audit-entries.ts";

const HEADERS = {
  el: ["Α/Α", "Ημερομηνία", "Ώρα", "Προσωπικό", "Ρόλος", "Ενέργεια", "Τραπέζι", "Αφορά", "Πριν (€)", "Μετά (€)", "Λεπτομέρειες"],
  en: ["No", "Date", "Time", "Staff", "Role", "Action", "Table", "Subject", "Before (€)", "After (€)", "Details"],
} as const;

const athensDay = new Intl.DateTimeFormat("en-CA", { timeZone: VENUE_TIME_ZONE });
const athensClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: VENUE_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The trail of a scope as CSV, oldest first, times in Athens, amounts in euros. */
export async function exportAuditCsv(db: Queryable, scope: AuditScope, lang: Language): Promise<string> {
  const entries = await loadAllAuditEntries(db, scope);
  const amount = (cents: number | null) => (cents == null ? "" : csvEuros(cents));
  return csvFile([
    [...HEADERS[lang]],
    ...entries.map((e) => {
      const at = new Date(e.createdAt);
      return [
        e.id,
        athensDay.format(at),
        athensClock.format(at),
        e.actorName,
        e.actorRole,
        AUDIT_KIND_LABELS[e.kind][lang],
        e.tableLabel ?? "",
        e.subject ?? "",
        amount(e.amountBeforeCents),
        amount(e.amountAfterCents),
        Object.keys(e.details).length ? JSON.stringify(e.details) : "",
      ];
    }),
  ]);
}

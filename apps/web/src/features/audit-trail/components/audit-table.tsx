import { CANCEL_REASON_LABELS, CANCEL_REASONS } from "@tableorder/domain/cancel-reason";
import { AUDIT_KIND_LABELS, type AuditEntry } from "@tableorder/domain/contracts/audit";
import type { Language } from "@tableorder/domain/enums";
import { formatEuros } from "@tableorder/domain/money";
import type { ReactNode } from "react";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./audit.module.css";

type Translate = ReturnType<typeof useTranslation>["t"];

/** What an entry's details add to its subject, in words: why prepared food was cancelled, a switch, an account change, the settings touched, who owes. */
function entryNote(entry: AuditEntry, t: Translate, exists: (key: string) => boolean, lang: Language): string | null {
  const details = entry.details as Record<string, unknown>;
  switch (entry.kind) {
    case "ITEM_CANCELLED": {
      // Prepared pieces taken back say why (issue 31); unprepared ones carry no reason.
      const reason = CANCEL_REASONS.find((r) => r === details.reason);
      return reason
        ? t("audit.notes.cancelReason", { count: Number(details.preparedCount), reason: CANCEL_REASON_LABELS[reason][lang] })
        : null;
    }
    case "AVAILABILITY_CHANGED":
      return `${t(details.active ? "audit.notes.on" : "audit.notes.off")} (${t(`audit.notes.${details.serviceMode}`)})`;
    case "PRICE_CHANGED":
      return t(`audit.notes.${details.serviceMode}`);
    case "STAFF_CHANGED":
      return [t(`audit.notes.${details.change}`), details.passwordChanged ? t("audit.notes.passwordChanged") : null]
        .filter(Boolean)
        .join(", ");
    case "SETTINGS_CHANGED": {
      const changed = Object.keys((details.changed as Record<string, unknown> | undefined) ?? {}).map((field) =>
        exists(`audit.fields.${field}`) ? t(`audit.fields.${field}`) : field,
      );
      if (details.passwordChanged) changed.push(t("audit.notes.passwordChanged"));
      if (details.credentialsChanged) changed.push(t("audit.notes.credentialsChanged"));
      return changed.join(", ") || null;
    }
    case "VENUE_STATUS_CHANGED":
      return t(details.disabled ? "audit.notes.venueDisabled" : "audit.notes.venueEnabled");
    case "PAYMENT_ON_CREDIT":
      // Who owes it (issue 28 A9); entries from before it was asked name nobody.
      return typeof details.creditDebtor === "string" ? t("audit.notes.owedBy", { debtor: details.creditDebtor }) : null;
    default:
      return null;
  }
}

/** The subject as the owner reads it: a transfer names where the bill went, settings their screen. */
function subjectOf(entry: AuditEntry, t: Translate): string | null {
  if (entry.kind === "TABLE_TRANSFERRED" && entry.subject) return t("audit.notes.movedTo", { table: entry.subject });
  if (entry.kind === "SETTINGS_CHANGED" && entry.subject) return t(`audit.notes.settings.${entry.subject}`);
  return entry.subject;
}

/** The trail's entries, newest first: a table at the desk, one card per entry on a phone. */
export function AuditTable({ entries, stale }: { entries: readonly AuditEntry[]; stale: boolean }) {
  const { t, exists } = useTranslation();
  const { site: lang, locale } = useLanguage();
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: "Europe/Athens",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const money = (cents: number | null) => (cents == null ? null : formatEuros(cents, locale));
  return (
    <table className={`${styles.table} ${stale ? styles.stale : ""}`} data-testid="audit-table">
      <thead>
        <tr>
          <th>{t("audit.columns.time")}</th>
          <th>{t("audit.columns.staff")}</th>
          <th>{t("audit.columns.kind")}</th>
          <th>{t("audit.columns.table")}</th>
          <th>{t("audit.columns.subject")}</th>
          <th className={styles.number}>{t("audit.columns.amounts")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const before = money(entry.amountBeforeCents);
          const after = money(entry.amountAfterCents);
          const note = entryNote(entry, t, exists, lang);
          const subject = subjectOf(entry, t);
          const amounts = before != null && after != null ? `${before} → ${after}` : (before ?? after);
          // Each cell holds one block, so a phone's card lines it up beside its column's name; an
          // empty cell shows a dash at the desk and is left out of the card.
          const cell = (column: string, content: ReactNode, empty = false, className?: string, testId?: string) => (
            <td
              data-label={t(`audit.columns.${column}`)}
              data-empty={empty || undefined}
              className={className}
              data-testid={testId}
            >
              <div>{empty ? "—" : content}</div>
            </td>
          );
          return (
            <tr key={entry.id} data-testid="audit-entry" data-kind={entry.kind}>
              {cell("time", <time dateTime={entry.createdAt}>{time.format(new Date(entry.createdAt))}</time>)}
              {cell(
                "staff",
                <>
                  <span className={styles.staff}>{entry.actorName}</span>
                  <span className={styles.role}>{t(`audit.roles.${entry.actorRole}`)}</span>
                </>,
              )}
              {cell(
                "kind",
                <span className={`${styles.kind} ${styles[`kind_${entry.kind}`] ?? ""}`}>
                  {AUDIT_KIND_LABELS[entry.kind][lang]}
                </span>,
              )}
              {cell("table", entry.tableLabel, entry.tableLabel == null)}
              {cell(
                "subject",
                <>
                  {subject}
                  {note && <span className={styles.note}>{note}</span>}
                </>,
                subject == null && note == null,
              )}
              {cell("amounts", amounts, amounts == null, styles.number, "audit-amounts")}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

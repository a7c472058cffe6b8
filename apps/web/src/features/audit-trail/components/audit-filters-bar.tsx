import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind, type AuditStaffMember } from "@tableorder/domain/contracts/audit";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import type { AuditFilters, AuditRangeError } from "../audit-filters.ts";
import styles from "./audit.module.css";

/** The trail's filters: a range of Athens days, a staff member and a kind. */
export function AuditFiltersBar({
  filters,
  staff,
  today,
  problem,
  onChange,
}: {
  filters: AuditFilters;
  staff: readonly AuditStaffMember[];
  today: string;
  problem: AuditRangeError | null;
  onChange: (next: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  // Any change starts again from the first page.
  const change = (next: Partial<AuditFilters>) => onChange({ ...filters, ...next, page: 0 });
  return (
    <div className={styles.filters}>
      <label className={styles.field}>
        {t("audit.from")}
        <input
          type="date"
          value={filters.from}
          max={today}
          onChange={(event) => change({ from: event.target.value })}
          aria-invalid={problem != null || undefined}
          data-testid="audit-from"
        />
      </label>
      <label className={styles.field}>
        {t("audit.to")}
        <input
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          max={today}
          onChange={(event) => change({ to: event.target.value })}
          aria-invalid={problem != null || undefined}
          data-testid="audit-to"
        />
      </label>
      <label className={styles.field}>
        {t("audit.staff")}
        <select
          value={filters.actorUserId ?? ""}
          onChange={(event) => change({ actorUserId: event.target.value ? Number(event.target.value) : null })}
          data-testid="audit-staff"
        >
          <option value="">{t("audit.everyone")}</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name} · {t(`audit.roles.${member.role}`)}
              {member.deleted ? ` (${t("audit.deleted")})` : ""}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {t("audit.kind")}
        <select
          value={filters.kind ?? ""}
          onChange={(event) => change({ kind: (event.target.value || null) as AuditKind | null })}
          data-testid="audit-kind"
        >
          <option value="">{t("audit.allKinds")}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind][lang]}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p className={styles.fieldError} role="alert" data-testid="audit-range-error">
          {t(`audit.errors.${problem}`)}
        </p>
      )}
    </div>
  );
}

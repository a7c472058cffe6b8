import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind, type AuditStaffMember } from "@tableorder/domain/contracts/audit";
import { DayRangeFields, FilterField, FiltersBar } from "../../../components/filters-bar.tsx";
import type { DayRangeError } from "../../../lib/day-range.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import type { AuditFilters } from "../audit-filters.ts";

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
  problem: DayRangeError | null;
  onChange: (next: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const { site: lang } = useLanguage();
  // Any change starts again from the first page.
  const change = (next: Partial<AuditFilters>) => onChange({ ...filters, ...next, page: 0 });
  return (
    <FiltersBar problem={problem && t(`audit.errors.${problem}`)} problemTestId="audit-range-error">
      <DayRangeFields
        range={filters}
        today={today}
        invalid={problem != null}
        labels={{ from: t("audit.from"), to: t("audit.to") }}
        testIdPrefix="audit"
        onChange={change}
      />
      <FilterField label={t("audit.staff")}>
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
      </FilterField>
      <FilterField label={t("audit.kind")}>
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
      </FilterField>
    </FiltersBar>
  );
}

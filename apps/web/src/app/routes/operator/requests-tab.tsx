import type { ContactRequestRow, ContactRequestStatus } from "@tableorder/domain/contracts/operator";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useContactRequests, useSetContactRequestStatus } from "../../../features/operator-console/api.ts";
import { athensDateTime } from "../../../lib/athens-time.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import adminStyles from "../admin/admin.module.css";
import styles from "./operator.module.css";

const TONE: Record<ContactRequestStatus, BadgeTone> = {
  NEW: "warning",
  CONTACTED: "info",
  VENUE_CREATED: "success",
  DECLINED: "neutral",
};

/** The contact form's requests, newest first, with what was done about each. */
export function RequestsTab({ onCreateVenue }: { onCreateVenue: (request: ContactRequestRow) => void }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const requests = useContactRequests();
  const setStatus = useSetContactRequestStatus();
  const time = athensDateTime(locale);
  const action = (request: ContactRequestRow, status: "NEW" | "CONTACTED" | "DECLINED", label: string) => (
    <button
      type="button"
      className={adminStyles.small}
      disabled={setStatus.isPending}
      onClick={() => setStatus.mutate({ id: request.id, status })}
      data-testid={`request-${request.id}-${status.toLowerCase()}`}
    >
      {label}
    </button>
  );
  return (
    <section className={adminStyles.section} aria-labelledby="operator-requests-title">
      <div className={adminStyles.sectionHead}>
        <h2 id="operator-requests-title">{t("operator.requests.title")}</h2>
      </div>
      {requests.isPending ? (
        <DelayedSkeleton rows={4} />
      ) : requests.data?.length ? (
        <ul className={adminStyles.list}>
          {requests.data.map((request) => (
            <li key={request.id} className={`${adminStyles.row} ${styles.request}`} data-testid={`request-row-${request.id}`}>
              <div className={styles.who}>
                <strong>{request.companyName}</strong>
                <span>{request.name}</span>
                <span className={adminStyles.rowMeta}>
                  <a href={`tel:${request.phone}`}>{request.phone}</a> · <a href={`mailto:${request.email}`}>{request.email}</a>
                </span>
                <span className={adminStyles.rowMeta}>{t("operator.requests.received", { time: time(request.createdAt) })}</span>
              </div>
              <Badge tone={TONE[request.status]} testId={`request-${request.id}-status`}>
                {t(`operator.requests.status.${request.status}`)}
              </Badge>
              {request.status !== "VENUE_CREATED" && (
                <div className={adminStyles.actions}>
                  {request.status !== "CONTACTED" && action(request, "CONTACTED", t("operator.requests.markContacted"))}
                  {request.status !== "DECLINED" && action(request, "DECLINED", t("operator.requests.decline"))}
                  {request.status !== "NEW" && action(request, "NEW", t("operator.requests.reopen"))}
                  <button
                    type="button"
                    className={`${adminStyles.small} ${styles.primaryAction}`}
                    onClick={() => onCreateVenue(request)}
                    data-testid={`request-${request.id}-create-venue`}
                  >
                    {t("operator.requests.createVenue")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={adminStyles.empty}>{requests.isError ? t("operator.loadFailed") : t("operator.requests.empty")}</p>
      )}
    </section>
  );
}

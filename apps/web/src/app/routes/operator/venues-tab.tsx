import type { OperatorVenue, SetPasswordLink } from "@tableorder/domain/contracts/operator";
import { useState } from "react";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { useConfirm } from "../../../components/confirm-dialog.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useOperatorVenues, useReissueAdminLink, useSetVenueDisabled } from "../../../features/operator-console/api.ts";
import { athensDateTime } from "../../../lib/athens-time.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import adminStyles from "../admin/admin.module.css";
import { LinkPanel } from "./link-panel.tsx";
import styles from "./operator.module.css";

/** One sign of life: its figure, marked when it asks for a look (something waits or failed). */
function Sign({
  label,
  value,
  alarm = false,
  testId,
}: {
  label: string;
  value: string | number;
  alarm?: boolean;
  testId: string;
}) {
  return (
    <div className={`${styles.sign} ${alarm ? styles.signAlarm : ""}`} data-testid={testId}>
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

/** The venues with the signs of life an operator watches, and disabling or enabling each. */
export function VenuesTab({ onCreateVenue }: { onCreateVenue: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const venues = useOperatorVenues();
  const setDisabled = useSetVenueDisabled();
  const reissue = useReissueAdminLink();
  const { confirm, dialog } = useConfirm();
  const [link, setLink] = useState<{ venueName: string; link: SetPasswordLink } | null>(null);
  const time = athensDateTime(locale);

  const toggle = async (venue: OperatorVenue) => {
    const disabling = !venue.disabled;
    if (disabling) {
      const sure = await confirm({
        title: t("operator.venues.confirmDisable", { name: venue.name }),
        confirmLabel: t("operator.venues.disable"),
        danger: true,
      });
      if (!sure) return;
    }
    setDisabled.mutate(
      { id: venue.id, disabled: disabling },
      { onSuccess: () => toast.success(t(disabling ? "operator.venues.disabledDone" : "operator.venues.enabledDone")) },
    );
  };

  return (
    <section className={adminStyles.section} aria-labelledby="operator-venues-title">
      <div className={adminStyles.sectionHead}>
        <h2 id="operator-venues-title">{t("operator.venues.title")}</h2>
        <Button onClick={onCreateVenue} data-testid="venue-add">
          + {t("operator.venues.add")}
        </Button>
      </div>
      {venues.isPending ? (
        <DelayedSkeleton rows={4} rowHeight={96} />
      ) : venues.data?.length ? (
        <ul className={adminStyles.list}>
          {venues.data.map((venue) => (
            <li key={venue.id} className={`${adminStyles.row} ${styles.venue}`} data-testid={`venue-row-${venue.id}`}>
              <div className={styles.venueHead}>
                <div className={styles.who}>
                  <strong>{venue.name}</strong>
                  <span className={adminStyles.rowMeta}>
                    {t(`retailerType.${venue.type}`)}
                    {venue.adminUsername && <> · {t("operator.venues.admin", { username: venue.adminUsername })}</>}
                    {venue.adminUsername && !venue.adminHasPassword && <> ({t("operator.venues.noPassword")})</>}
                  </span>
                </div>
                <Badge tone={venue.disabled ? "error" : "success"} testId={`venue-${venue.id}-status`}>
                  {t(venue.disabled ? "operator.venues.disabled" : "operator.venues.enabled")}
                </Badge>
              </div>
              <div className={styles.signs}>
                <Sign
                  label={t("operator.venues.lastOrder")}
                  value={venue.lastOrderAt ? time(venue.lastOrderAt) : t("operator.venues.never")}
                  testId={`venue-${venue.id}-last-order`}
                />
                <Sign
                  label={t("operator.venues.tablesToday")}
                  value={venue.tablesOpenedToday}
                  testId={`venue-${venue.id}-tables`}
                />
                <Sign
                  label={t("operator.venues.printsWaiting")}
                  value={venue.printsWaiting}
                  alarm={venue.printsWaiting > 0}
                  testId={`venue-${venue.id}-prints`}
                />
                <Sign
                  label={t("operator.venues.terminalFailures")}
                  value={venue.terminalSalesFailedToday}
                  alarm={venue.terminalSalesFailedToday > 0}
                  testId={`venue-${venue.id}-terminals`}
                />
                <Sign
                  label={t("operator.venues.fiscalWaiting")}
                  value={venue.fiscalDocumentsWaiting}
                  alarm={venue.fiscalDocumentsWaiting > 0}
                  testId={`venue-${venue.id}-fiscal`}
                />
              </div>
              <div className={adminStyles.actions}>
                {venue.adminUsername && (
                  <button
                    type="button"
                    className={adminStyles.small}
                    disabled={reissue.isPending}
                    onClick={() =>
                      reissue.mutate(venue.id, { onSuccess: (issued) => setLink({ venueName: venue.name, link: issued }) })
                    }
                    data-testid={`venue-${venue.id}-new-link`}
                  >
                    {t("operator.venues.newLink")}
                  </button>
                )}
                <button
                  type="button"
                  className={`${adminStyles.small} ${venue.disabled ? "" : styles.dangerAction}`}
                  disabled={setDisabled.isPending}
                  onClick={() => void toggle(venue)}
                  data-testid={`venue-${venue.id}-toggle`}
                >
                  {t(venue.disabled ? "operator.venues.enable" : "operator.venues.disable")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={adminStyles.empty}>{venues.isError ? t("operator.loadFailed") : t("operator.venues.empty")}</p>
      )}
      {dialog}
      {link && (
        <Dialog title={t("operator.link.title")} onClose={() => setLink(null)} testId="new-link-dialog">
          <LinkPanel venueName={link.venueName} link={link.link} />
        </Dialog>
      )}
    </section>
  );
}

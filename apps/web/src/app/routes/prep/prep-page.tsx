import type { Account } from "@tableorder/domain/contracts/auth";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { LanguageToggle } from "../../../components/language-toggle.tsx";
import { RealtimeIndicator } from "../../../components/realtime-indicator.tsx";
import { displayName } from "../../../features/auth/has-authority.ts";
import { useKitchenFeed } from "../../../features/kitchen-tickets/api/get-kitchen-feed.ts";
import { TicketBoard } from "../../../features/kitchen-tickets/components/ticket-board.tsx";
import { useLiveKitchenFeed } from "../../../features/kitchen-tickets/hooks/use-live-kitchen-feed.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import { StaffArea } from "../staff/staff-area.tsx";
import styles from "./prep.module.css";

/** The cook's ticket feed: live, readable from a distance, on a tablet or a kitchen screen. */
function KitchenScreen({ account }: { account: Account }) {
  const { t } = useTranslation();
  const feed = useKitchenFeed();
  const status = useLiveKitchenFeed(true);
  const data = feed.data;
  const ticketCount = data?.tickets.length ?? 0;

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <div className={styles.headerStart}>
          <h1 className={styles.title} data-testid="kitchen-area">
            {data?.label ?? displayName(account)}
          </h1>
          {data && (
            <span className={data.isPreparationAreaAvailable ? styles.open : styles.closed}>
              {data.isPreparationAreaAvailable ? t("kitchen.open") : t("kitchen.closed")}
            </span>
          )}
          {data && (
            <span className={styles.count} data-testid="kitchen-ticket-count">
              {t("kitchen.tickets", { count: ticketCount })}
            </span>
          )}
        </div>
        <div className={styles.headerEnd}>
          <RealtimeIndicator status={status} />
          <LanguageToggle />
          <Button variant="secondary" className={styles.logout} onClick={() => clearSession()} data-testid="staff-logout">
            {t("common.logout")}
          </Button>
        </div>
      </header>
      <main className={styles.main} data-testid="kitchen-feed">
        {feed.isPending && <DelayedSkeleton rows={3} rowHeight={180} />}
        {feed.isError && (
          <div className={styles.problem} role="alert">
            <p>{errorMessage(feed.error)}</p>
            <Button variant="secondary" onClick={() => void feed.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        )}
        {data?.isFeedDisabled && <p className={styles.notice}>{t("kitchen.feedDisabled")}</p>}
        {data && <TicketBoard tickets={data.tickets} />}
      </main>
    </div>
  );
}

/** /service/prep: only preparation-area accounts (cooks) see the feed (spec 2 §2.1). */
export default function PrepPage() {
  return (
    <StaffArea area="prep" authorities={["ROLE_PREPARATION_AREA"]}>
      {(account) => <KitchenScreen account={account} />}
    </StaffArea>
  );
}

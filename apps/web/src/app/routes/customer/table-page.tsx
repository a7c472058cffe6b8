import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { useTableFeed } from "../../../features/table-feed/api/get-table-feed.ts";
import { TableActions } from "../../../features/table-feed/components/table-actions.tsx";
import { TableTimeline } from "../../../features/table-feed/components/table-timeline.tsx";
import { VenueCard } from "../../../features/table-feed/components/venue-card.tsx";
import { WelcomeMessage } from "../../../features/table-feed/components/welcome-message.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./customer.module.css";
import { tablePath, useCustomerContext } from "./customer-context.ts";

/** The table overview: the venue, what the table ordered and where each item is, and the actions. */
export default function TablePage() {
  const { t } = useTranslation();
  const { tableId, tableCode } = useCustomerContext();
  const { lang } = useLanguage();
  const feed = useTableFeed(tableId, lang);
  const basket = useBasket(tableCode);

  if (feed.isPending) return <DelayedSkeleton rows={4} />;
  if (feed.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>{errorMessage(feed.error)}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const state = feed.data;
  return (
    <div className={styles.withFooter} data-testid="table-page">
      <VenueCard info={state.retailerInfo} />
      {state.tableFeed.length ? <TableTimeline items={state.tableFeed} /> : <WelcomeMessage />}
      <TableActions
        menuTo={tablePath(tableCode, "menu")}
        basketCount={basket.count}
        totalUnpaid={state.totalUnpaidPrice}
        paymentRequested={state.activePaymentRequestId !== null}
      />
    </div>
  );
}

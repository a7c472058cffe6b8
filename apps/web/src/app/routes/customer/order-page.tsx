import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { BasketReview } from "../../../features/basket/components/basket-review.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { useTableMenu } from "../../../features/menu/api/get-table-menu.ts";
import { tableFeedQueryKey, useTableFeed } from "../../../features/table-feed/api/get-table-feed.ts";
import { RequestNotice } from "../../../features/table-feed/components/table-actions.tsx";
import { TableNotInServiceNotice } from "../../../features/table-feed/components/table-not-in-service.tsx";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./customer.module.css";
import { tablePath, useCustomerContext } from "./customer-context.ts";

/** Basket review and send (spec 1 §2, §4). */
export default function OrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { tableId, tableCode } = useCustomerContext();
  const { content: lang } = useLanguage();
  const basket = useBasket(tableCode);
  const menu = useTableMenu(tableId, lang);
  const table = useTableFeed(tableId, lang).data;
  // Switched out of service while the guest sits here: the send is refused, so say so first.
  const outOfService = table?.onService === false;
  // Another phone asked the waiter to collect: orders wait (the server refuses them) and the basket stays.
  const paymentRequested = table != null && table.activePaymentRequestId !== null;

  return (
    <div className={styles.withFooter} data-testid="order-page">
      <div className={styles.titleRow}>
        <Link to={tablePath(tableCode, "menu")} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h1 className={styles.pageTitle}>{t("basket.title")}</h1>
        <span className={styles.titleMeta}>{t("basket.itemCount", { count: basket.count })}</span>
      </div>
      {outOfService && <TableNotInServiceNotice />}
      {paymentRequested && <RequestNotice kind="payment" />}
      <BasketReview
        basketCode={tableCode}
        tableId={tableId}
        menu={menu.data}
        sendBarClassName={styles.sendBar}
        sendBlockedReason={paymentRequested ? t("basket.blockedByPaymentRequest") : null}
        // With an empty basket there is nothing to review: back to where the guest came from.
        onEmpty={() => {
          const canGoBack = typeof window.history.state?.idx === "number" && window.history.state.idx > 0;
          if (canGoBack) navigate(-1);
          else navigate(tablePath(tableCode, "menu"), { replace: true });
        }}
        onSent={() => {
          void queryClient.invalidateQueries({ queryKey: tableFeedQueryKey(tableId, lang) });
          navigate(tablePath(tableCode));
        }}
      />
    </div>
  );
}

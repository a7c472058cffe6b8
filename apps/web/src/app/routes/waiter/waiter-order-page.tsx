import { Link, useNavigate, useParams } from "react-router";
import { BasketReview } from "../../../features/basket/components/basket-review.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { useWaiterMenu } from "../../../features/waiter-order/api.ts";
import { useServicePaths } from "../../../features/waiter-payment/service-paths.tsx";
import styles from "../../../features/waiter-payment/waiter-payment.module.css";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";

/**
 * {id}/{label}/order (spec 2 §4.6): basket review and send as the waiter. Sending empties the basket
 * and returns to the table list (the cash desk: to the table's feed); an empty basket goes back.
 * A take-away's basket holds take-away prices and the server marks its order TAKE_AWAY.
 */
export default function WaiterOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useServicePaths();
  const params = useParams();
  const tableId = Number(params.id);
  const label = params.label ?? "";
  const { site: lang } = useLanguage();
  const basketCode = paths.basketCode(tableId);
  const basket = useBasket(basketCode);
  const menu = useWaiterMenu(lang, paths.serviceMode);

  return (
    <div className={styles.screen} data-testid="waiter-order-page">
      <div className={styles.titleRow}>
        <Link to={paths.tablePath(tableId, label, "menu-categories")} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>
          {t(paths.serviceMode === "TAKE_AWAY" ? "waiterOrder.reviewTakeAway" : "waiterOrder.review", { name: label })}
        </h2>
        <span className={styles.titleMeta}>{t("basket.itemCount", { count: basket.count })}</span>
      </div>
      <BasketReview
        basketCode={basketCode}
        tableId={tableId}
        menu={menu.data}
        sendBarClassName={styles.actionBar}
        asStaff
        onEmpty={() => void navigate(paths.tablePath(tableId, label, "menu-categories"), { replace: true })}
        onSent={() => void navigate(paths.afterOrderSent(tableId, label))}
      />
    </div>
  );
}

import { Link, useNavigate, useParams } from "react-router";
import { BasketReview } from "../../../features/basket/components/basket-review.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { useWaiterMenu, waiterBasketCode } from "../../../features/waiter-order/api.ts";
import { tablePath } from "../../../features/waiter-payment/payment-flow.ts";
import styles from "../../../features/waiter-payment/waiter-payment.module.css";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { WAITER_BASE_PATH } from "./waiter-context.ts";

/**
 * {id}/{label}/order (spec 2 §4.6): basket review and send as the waiter. Sending empties the basket
 * and returns to the table list; an empty basket goes back.
 */
export default function WaiterOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const tableId = Number(params.id);
  const label = params.label ?? "";
  const { lang } = useLanguage();
  const basketCode = waiterBasketCode(tableId);
  const basket = useBasket(basketCode);
  const menu = useWaiterMenu(lang);

  return (
    <div className={styles.screen} data-testid="waiter-order-page">
      <div className={styles.titleRow}>
        <Link to={tablePath(tableId, label, "menu-categories")} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>{t("waiterOrder.review", { name: label })}</h2>
        <span className={styles.titleMeta}>{t("basket.itemCount", { count: basket.count })}</span>
      </div>
      <BasketReview
        basketCode={basketCode}
        tableId={tableId}
        menu={menu.data}
        sendBarClassName={styles.actionBar}
        onEmpty={() => void navigate(tablePath(tableId, label, "menu-categories"), { replace: true })}
        onSent={() => void navigate(`${WAITER_BASE_PATH}/select-table/order`)}
      />
    </div>
  );
}

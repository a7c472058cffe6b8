import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { useEffect, useMemo, useRef } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { useFormatEuros } from "../../../components/price.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useSendOrder } from "../../../features/basket/api/send-order.ts";
import { BasketLineList, BasketLineRow } from "../../../features/basket/components/basket-line-row.tsx";
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
  const format = useFormatEuros();
  const params = useParams();
  const tableId = Number(params.id);
  const label = params.label ?? "";
  const { lang } = useLanguage();
  const basket = useBasket(waiterBasketCode(tableId));
  const menu = useWaiterMenu(lang);
  const send = useSendOrder();
  const sending = useRef(false);
  const sent = useRef(false);

  const products = useMemo(() => {
    const byId = new Map<number, MenuProduct>();
    for (const category of menu.data ?? []) for (const product of category.products) byId.set(product.id, product);
    return byId;
  }, [menu.data]);

  useEffect(() => {
    if (basket.lines.length > 0 || sent.current) return;
    void navigate(tablePath(tableId, label, "menu-categories"), { replace: true });
  }, [basket.lines.length, navigate, tableId, label]);

  const onSend = () => {
    if (sending.current || basket.lines.length === 0) return;
    sending.current = true;
    send.mutate(
      { tableId, lines: basket.lines, idempotencyKey: basket.sendKey() },
      {
        onSuccess: () => {
          sent.current = true;
          basket.clear();
          toast.success(t("basket.sent"));
          void navigate(`${WAITER_BASE_PATH}/select-table/order`);
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <div className={styles.screen} data-testid="waiter-order-page">
      <div className={styles.titleRow}>
        <Link to={tablePath(tableId, label, "menu-categories")} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>{t("waiterOrder.review", { name: label })}</h2>
        <span className={styles.titleMeta}>{t("basket.itemCount", { count: basket.count })}</span>
      </div>
      <BasketLineList>
        {basket.lines.map((line) => (
          <BasketLineRow
            key={line.key}
            line={line}
            product={products.get(line.productId)}
            onQuantity={(quantity) => basket.setQuantity(line.key, quantity)}
            onRemove={() => basket.remove(line.key)}
          />
        ))}
      </BasketLineList>
      <div className={styles.actionBar}>
        <Button
          size="lg"
          block
          onClick={onSend}
          loading={send.isPending}
          disabled={basket.lines.length === 0}
          data-testid="send-order"
        >
          {t("basket.send", { price: format(basket.totalCents) })}
        </Button>
      </div>
    </div>
  );
}

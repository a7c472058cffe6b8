import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/button.tsx";
import { useFormatEuros } from "../../../components/price.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useSendOrder } from "../../../features/basket/api/send-order.ts";
import { BasketLineList, BasketLineRow } from "../../../features/basket/components/basket-line-row.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { useTableMenu } from "../../../features/menu/api/get-table-menu.ts";
import { tableFeedQueryKey } from "../../../features/table-feed/api/get-table-feed.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./customer.module.css";
import { tablePath, useCustomerContext } from "./customer-context.ts";

/** Basket review and send (spec 1 §2, §4). */
export default function OrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useFormatEuros();
  const { tableId, tableCode } = useCustomerContext();
  const { lang } = useLanguage();
  const basket = useBasket(tableCode);
  const menu = useTableMenu(tableId, lang);
  const send = useSendOrder();
  // Set synchronously on the first tap: a double tap must not send twice (the key would save
  // the order anyway, but the guest would see two notices).
  const sending = useRef(false);
  const sent = useRef(false);

  const products = useMemo(() => {
    const byId = new Map<number, MenuProduct>();
    for (const category of menu.data ?? []) for (const product of category.products) byId.set(product.id, product);
    return byId;
  }, [menu.data]);

  // With an empty basket there is nothing to review: go back to where the guest came from.
  useEffect(() => {
    if (basket.lines.length > 0 || sent.current) return;
    const canGoBack = typeof window.history.state?.idx === "number" && window.history.state.idx > 0;
    if (canGoBack) navigate(-1);
    else navigate(tablePath(tableCode, "menu"), { replace: true });
  }, [basket.lines.length, navigate, tableCode]);

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
          void queryClient.invalidateQueries({ queryKey: tableFeedQueryKey(tableId, lang) });
          navigate(tablePath(tableCode));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <div className={styles.withFooter} data-testid="order-page">
      <div className={styles.titleRow}>
        <Link to={tablePath(tableCode, "menu")} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h1 className={styles.pageTitle}>{t("basket.title")}</h1>
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
      <div className={styles.sendBar}>
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

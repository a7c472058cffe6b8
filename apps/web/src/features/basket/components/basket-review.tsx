import type { MenuCategory, MenuProduct } from "@tableorder/domain/contracts/menu";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useFormatEuros } from "../../../components/price.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { StaffActionWaiting } from "../../../lib/staff-action.ts";
import { useSendOrder } from "../api/send-order.ts";
import { useBasket } from "../hooks/use-basket.ts";
import { refusedProductId, unavailableLineKeys } from "../unavailable-lines.ts";
import styles from "./basket.module.css";
import { BasketLineList, BasketLineRow } from "./basket-line-row.tsx";

const NONE: ReadonlySet<number> = new Set();

export interface BasketReviewProps {
  /** The basket's store key (the guest's table code, or the waiter's key for a table). */
  basketCode: string;
  tableId: number;
  menu: MenuCategory[] | undefined;
  /** The basket is empty with nothing sent: leave the review. */
  onEmpty: () => void;
  /** After the order was accepted, the basket emptied and the notice shown. */
  onSent: () => void;
  /** The layout's class for the bar holding the send button. */
  sendBarClassName: string;
  /** Why the order cannot be sent now (shown by the disabled Send), or null; the basket is kept. */
  sendBlockedReason?: string | null;
  /** Staff order for a table: offline, the order waits on the device instead of failing (issue 31). */
  asStaff?: boolean;
}

/**
 * Basket review and send, the same for a guest and for a waiter ordering for a table (spec 1 §4,
 * spec 2 §4.6): the lines with their quantities, and one send that a double tap cannot repeat
 * (the idempotency key would save the order anyway, but two notices would show).
 */
export function BasketReview({
  basketCode,
  tableId,
  menu,
  onEmpty,
  onSent,
  sendBarClassName,
  sendBlockedReason = null,
  asStaff = false,
}: BasketReviewProps) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const basket = useBasket(basketCode);
  const send = useSendOrder(asStaff);
  const sending = useRef(false);
  const sent = useRef(false);
  const blockedReasonId = useId();
  const leave = useRef(onEmpty);
  leave.current = onEmpty;

  const products = useMemo(() => {
    const byId = new Map<number, MenuProduct>();
    for (const category of menu ?? []) for (const product of category.products) byId.set(product.id, product);
    return byId;
  }, [menu]);
  // Products the server refused to order, until the menu is read again and says for itself.
  const [refused, setRefused] = useState<{ menu: typeof menu; ids: ReadonlySet<number> }>({ menu, ids: new Set() });
  const refusedIds = refused.menu === menu ? refused.ids : NONE;
  const orderable = useMemo(
    () => (menu ? new Set([...products.values()].filter((p) => p.active).map((p) => p.id)) : undefined),
    [menu, products],
  );
  const unavailable = unavailableLineKeys(basket.lines, orderable, refusedIds);
  const blockedReason = sendBlockedReason ?? (unavailable.size > 0 ? t("basket.removeUnavailable") : null);

  useEffect(() => {
    if (basket.lines.length === 0 && !sent.current) leave.current();
  }, [basket.lines.length]);

  const onSend = () => {
    if (sending.current || basket.lines.length === 0 || blockedReason) return;
    sending.current = true;
    send.mutate(
      { tableId, lines: basket.lines, idempotencyKey: basket.sendKey() },
      {
        onSuccess: () => {
          sent.current = true;
          basket.clear();
          toast.success(t("basket.sent"), { arrival: true });
          onSent();
        },
        onError: (error) => {
          // Kept in the outbox: as good as sent for the waiter, who moves on; the banner counts it.
          if (error instanceof StaffActionWaiting) {
            sent.current = true;
            basket.clear();
            toast.info(t("outbox.kept"), { arrival: true });
            onSent();
            return;
          }
          const productId = refusedProductId(error);
          if (productId !== null) setRefused({ menu, ids: new Set([...refusedIds, productId]) });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <>
      <BasketLineList>
        {basket.lines.map((line) => (
          <BasketLineRow
            key={line.key}
            line={line}
            product={products.get(line.productId)}
            unavailable={unavailable.has(line.key)}
            onQuantity={(quantity) => basket.setQuantity(line.key, quantity)}
            onRemove={() => basket.remove(line.key)}
          />
        ))}
      </BasketLineList>
      <div className={sendBarClassName}>
        {blockedReason && (
          <p id={blockedReasonId} className={styles.sendBlocked} role="status" data-testid="send-blocked-reason">
            {blockedReason}
          </p>
        )}
        <Button
          size="lg"
          block
          onClick={onSend}
          loading={send.isPending}
          disabled={basket.lines.length === 0 || blockedReason !== null}
          aria-describedby={blockedReason ? blockedReasonId : undefined}
          data-testid="send-order"
        >
          {t("basket.send", { price: format(basket.totalCents) })}
        </Button>
      </div>
    </>
  );
}

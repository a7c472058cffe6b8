import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { eurosToCents } from "@tableorder/domain/money";
import { clampDiscount, linkCashCard, linkDiscount, maxDiscount } from "@tableorder/domain/payment-calculator";
import { useRef, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { useFormatEuros } from "../../../../components/price.tsx";
import { Switch } from "../../../../components/switch.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { decodeSelection, resolveSelection, toItemsCount } from "../../../../features/payment/selection.ts";
import { AmountInput, centsText } from "../../../../features/waiter-payment/amount-input.tsx";
import { useCardTerminals, useCompleteOrders } from "../../../../features/waiter-payment/api.ts";
import {
  flowQuery,
  PAYMENT_METHOD_OF_ROUTE,
  PAYMENT_TYPE_OF_ROUTE,
  type PaymentMethodKey,
  type PaymentScope,
  type PaymentTypeKey,
  SERVER_PAYMENT_TYPE,
  usePaymentScope,
} from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentFrame } from "../../../../features/waiter-payment/payment-frame.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { NotFoundPage } from "../../not-found-page.tsx";

/** The amount a person typed last decides; the other of cash and card follows (spec 2 §5). */
interface TypedAmount {
  field: "cash" | "card";
  cents: number;
  text: string;
}

function Finalize({
  scope,
  unpaid,
  type,
  method,
}: {
  scope: PaymentScope;
  unpaid: TableFeedItem[];
  type: PaymentTypeKey;
  method: PaymentMethodKey;
}) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const complete = useCompleteOrders();
  const submitting = useRef(false);
  const gift = type === "gift";

  const selection = type === "full" ? null : decodeSelection(search.get("selectedProducts"));
  const resolved = resolveSelection(unpaid, selection);
  const total = resolved.totalCents;
  const pieces = resolved.count;

  // Discount: amount and percentage linked, capped at the floor; none for gifts.
  const [discountOn, setDiscountOn] = useState(false);
  const [discount, setDiscount] = useState({ cents: 0, amountText: "", percentText: "" });
  const discountCents = gift || !discountOn ? 0 : clampDiscount(discount.cents, total, pieces);
  const payable = gift ? 0 : total - discountCents;

  const onDiscountAmount = (text: string) => {
    const typed = eurosToCents(text) ?? 0;
    const linked = linkDiscount({ amount: typed }, total, pieces);
    setDiscount({
      cents: linked.amount,
      amountText: linked.amount === typed ? text : centsText(linked.amount),
      percentText: text === "" ? "" : String(linked.percentage),
    });
  };
  const onDiscountPercentage = (text: string) => {
    const typed = Number(text === "-" ? 0 : text) || 0;
    const linked = linkDiscount({ percentage: typed }, total, pieces);
    setDiscount({
      cents: linked.amount,
      amountText: text === "" ? "" : centsText(linked.amount),
      percentText: linked.percentage === typed ? text : String(linked.percentage),
    });
  };

  // Cash and card, linked: the one typed last is kept, the other makes up the payable total.
  const [typed, setTyped] = useState<TypedAmount>({ field: method === "card" ? "cash" : "card", cents: 0, text: "0" });
  const split = linkCashCard(typed.field, typed.cents, payable);
  const cash = method === "cash" || method === "card" ? split.cash : 0;
  const card = method === "cash" || method === "card" ? split.card : 0;
  const onCredit = method === "credit" ? payable : 0;
  const textOf = (field: "cash" | "card") =>
    typed.field === field && eurosToCents(typed.text || "0") === split[field] ? typed.text : centsText(split[field]);
  const onAmount = (field: "cash" | "card") => (text: string) =>
    setTyped({ field, cents: Math.max(0, eurosToCents(text) ?? 0), text });

  // A card part goes to one of the venue's terminals when it has any (spec 2 §5).
  const terminals = useCardTerminals(card > 0);
  const terminalList = card > 0 ? (terminals.data ?? []) : [];
  const [terminalId, setTerminalId] = useState<number | null>(null);
  const terminal = terminalList.find((candidate) => candidate.id === terminalId) ?? null;
  const needsTerminal = terminalList.length > 0;

  const disabled =
    pieces === 0 || total === 0 || complete.isPending || (needsTerminal && !terminal) || (card > 0 && terminals.isPending);

  const onCollect = () => {
    if (disabled || submitting.current) return;
    submitting.current = true;
    const selectedTerminal = needsTerminal && terminal ? terminal : null;
    complete.mutate(
      {
        tableId: scope.tableId,
        body: {
          discountAmount: discountCents,
          cashAmount: cash,
          cardAmount: card,
          onCreditAmount: onCredit,
          itemsCount: toItemsCount(resolved.lines),
          isGift: gift,
          selectedTerminalId: selectedTerminal?.id ?? null,
        },
      },
      {
        onSuccess: (result) => {
          if (result.status === "PENDING") {
            if (scope.mode === "request") toast.info(t("waiterPay.inProgress"));
            if (selectedTerminal) {
              void navigate(
                `${scope.basePath}/pending-pos-payment${flowQuery(search, {
                  terminalLabel: selectedTerminal.friendlyName,
                  tableId: String(scope.tableId),
                  returnTo: scope.returnTo,
                })}${result.paymentId ? `&paymentId=${result.paymentId}` : ""}`,
                { replace: true },
              );
            } else if (scope.mode === "table") {
              toast.error(t("error.active_payment_exists"));
            } else {
              void navigate(scope.returnTo, { replace: true });
            }
            return;
          }
          toast.success(t(`waiterPay.success.${SERVER_PAYMENT_TYPE[type]}`));
          void navigate(scope.returnTo, { replace: true });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  return (
    <>
      {resolved.changed && (
        <p className={styles.notice} role="status" data-testid="selection-changed">
          {t("waiterPay.selectionChanged")}
        </p>
      )}
      <section className={styles.panel} aria-label={t("waiterPay.total")}>
        <ul className={styles.summaryLines} data-testid="finalize-lines">
          {resolved.lines.map(({ item, quantity }) => (
            <li key={item.id} className={styles.summaryLine}>
              <span>
                {quantity}× {item.name}
              </span>
              <span>{format(quantity * item.price)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.row}>
          <span>
            {t("waiterPay.total")} · {t("waiterPay.pieces", { count: pieces })}
          </span>
          <span data-testid="finalize-total">{format(total)}</span>
        </p>
      </section>

      {!gift && (
        <section className={styles.panel}>
          <Switch
            size="sm"
            label={t("waiterPay.discount")}
            hint={t("waiterPay.discountFloor", { price: format(maxDiscount(total, pieces)) })}
            checked={discountOn}
            onChange={setDiscountOn}
            testId="discount-toggle"
          />
          {discountOn && (
            <div className={styles.fields}>
              <AmountInput
                label={t("waiterPay.discountAmount")}
                value={discount.amountText}
                onChange={onDiscountAmount}
                suffix="€"
                testId="discount-amount"
              />
              <AmountInput
                label={t("waiterPay.discountPercentage")}
                value={discount.percentText}
                onChange={onDiscountPercentage}
                suffix="%"
                testId="discount-percentage"
              />
            </div>
          )}
        </section>
      )}

      <section className={styles.panel}>
        <p className={`${styles.row} ${styles.rowTotal}`}>
          <span>{t("waiterPay.payable")}</span>
          <span data-testid="finalize-payable">{format(payable)}</span>
        </p>
        {(method === "cash" || method === "card") && (
          <div className={styles.fields}>
            <AmountInput
              label={t("waiterPay.cashAmount")}
              value={textOf("cash")}
              onChange={onAmount("cash")}
              testId="cash-amount"
            />
            <AmountInput
              label={t("waiterPay.cardAmount")}
              value={textOf("card")}
              onChange={onAmount("card")}
              testId="card-amount"
            />
          </div>
        )}
        {method === "credit" && (
          <p className={styles.row}>
            <span>{t("waiterPay.creditAmount")}</span>
            <span data-testid="credit-amount">{format(onCredit)}</span>
          </p>
        )}
      </section>

      {card > 0 && !terminals.isPending && (
        <section className={styles.panel} data-testid="terminal-choice">
          <h3 className={styles.sectionTitle}>{t("waiterPay.terminal")}</h3>
          {terminalList.length === 0 ? (
            <p className={styles.hint}>{t("waiterPay.noTerminals")}</p>
          ) : (
            <fieldset className={styles.choices}>
              <legend className={styles.hint}>{t("waiterPay.chooseTerminal")}</legend>
              {terminalList.map((candidate) => (
                <label key={candidate.id} className={styles.choice} data-testid="terminal" data-name={candidate.friendlyName}>
                  <input
                    type="radio"
                    name="terminal"
                    className={styles.choiceInput}
                    checked={terminalId === candidate.id}
                    onChange={() => setTerminalId(candidate.id)}
                  />
                  <span className={styles.choiceText}>
                    <strong>{candidate.friendlyName}</strong>
                    <small>{candidate.type}</small>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </section>
      )}

      <div className={styles.actionBar}>
        <Button size="lg" block onClick={onCollect} disabled={disabled} loading={complete.isPending} data-testid="collect">
          {gift ? t("waiterPay.giftConfirm") : t("waiterPay.collectAmount", { price: format(payable) })}
        </Button>
      </div>
    </>
  );
}

/** {type}/{method}/finalize-payment (spec 2 §4.5, §5): amounts, discount, terminal, collect. */
export default function FinalizePaymentPage() {
  const { t } = useTranslation();
  const scope = usePaymentScope();
  const [search] = useSearchParams();
  const params = useParams();
  const type = PAYMENT_TYPE_OF_ROUTE[params.type ?? ""];
  const method = PAYMENT_METHOD_OF_ROUTE[params.method ?? ""];
  // A gift is always NO_PAYMENT, and NO_PAYMENT is only for a gift.
  if (!type || !method || (type === "gift") !== (method === "none")) return <NotFoundPage />;
  const backTo =
    type === "gift"
      ? `${scope.basePath}/gift-payment/select-products${flowQuery(search, { selectedProducts: null })}`
      : `${scope.basePath}/${params.type}/choose-payment-method${flowQuery(search)}`;
  const title =
    type === "gift" ? t("waiterPay.type.gift") : `${t(`waiterPay.type.${type}`)} · ${t(`waiterPay.method.${method}`)}`;
  return (
    <PaymentFrame scope={scope} title={title} backTo={backTo} testId="finalize-payment">
      {(unpaid) => <Finalize scope={scope} unpaid={unpaid} type={type} method={method} />}
    </PaymentFrame>
  );
}

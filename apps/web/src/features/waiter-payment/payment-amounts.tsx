import { centsToAmountText, decimalMarkOf, eurosToCents } from "@tableorder/domain/money";
import {
  CREDIT_DEBTOR_MAX_LENGTH,
  clampDiscount,
  creditDebtorOf,
  isCreditDebtorMissing,
  linkCashCard,
  linkDiscount,
  maxDiscount,
} from "@tableorder/domain/payment-calculator";
import type { TipMethod } from "@tableorder/domain/tips";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/button.tsx";
import { useConfirm } from "../../components/confirm-dialog.tsx";
import { useFormatEuros } from "../../components/price.tsx";
import { useOnline } from "../../components/staff-outbox-banner.tsx";
import { Switch } from "../../components/switch.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { storedValue, useStoredValue } from "../../lib/stored-value.ts";
import { AmountInput, PaymentTextField } from "./amount-input.tsx";
import { type CardTerminal, useCardTerminals } from "./api.ts";
import { tipMethodOf, tipOfCollection, tipOffered } from "./collected-tip.ts";
import { chosenTerminal } from "./terminal-choice.ts";
import styles from "./waiter-payment.module.css";

/** What the person settled on when they tapped collect, in cents. */
export interface CollectedAmounts {
  discount: number;
  cash: number;
  card: number;
  onCredit: number;
  /** Who owes the on-credit part (a name or a note); null when nothing is on credit. */
  creditDebtor: string | null;
  /** The terminal the card part goes to; null when the venue has none or there is no card part. */
  terminal: CardTerminal | null;
  /** What the guest left beside the bill (issue 32), 0 for none; never part of the amounts above. */
  tipAmount: number;
  /** How the tip was left; null when there is none. */
  tipMethod: TipMethod | null;
  /** The person confirmed an unusually large tip (over the bill or over 50 €). */
  tipConfirmed: boolean;
}

/**
 * The terminal this device sent its last card part to, preselected next time: a till or a waiter
 * stands by one terminal, so the usual choice is the last one.
 */
const lastTerminal = storedValue<number | null>(
  "local",
  "lastCardTerminal",
  (raw) => (raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null),
  String,
);

/** The amount a person typed last decides; the other of cash and card follows (spec 2 §5). */
interface TypedAmount {
  field: "cash" | "card";
  cents: number;
  text: string;
}

/**
 * The amounts of a payment (spec 2 §5, spec 3 §4, §5), the same for a table's collection and a
 * cash-register sale: discount amount and percentage linked and capped at 0.20 € a piece (none for
 * a gift), cash and card linked to the payable total, on credit with who owes it (issue 28 A9:
 * required, and the button says it records a debt, not a collection), the terminal a card part goes to
 * (required when the venue has terminals), and one collect button, disabled at 0 or while loading,
 * that a double tap cannot press twice. The arithmetic is packages/domain's payment-calculator.
 * Beside the bill, the tip the guest left (issue 32), for a cash or card collection only: its way
 * follows the payment's (picked for a split), a card tip is charged on the terminal with the card
 * part, and an unusually large one is confirmed in a dialog before it is sent, or when the server
 * asks for it (tip_needs_confirmation), after which the collection is sent again confirmed.
 * `pieces` is what the floor counts: a table's pieces, or a register's sections.
 */
export function PaymentAmounts({
  total,
  pieces,
  method,
  gift = false,
  loading = false,
  waiting = false,
  collectLabel,
  onCollect,
}: {
  total: number;
  pieces: number;
  method: "cash" | "card" | "credit" | "none";
  gift?: boolean;
  /** What the amounts depend on is still loading, or the payment is being sent. */
  loading?: boolean;
  /** The collection was taken offline and waits on the device to be sent: said, not spun (issue 31). */
  waiting?: boolean;
  /** The button's text for a payable amount (default 'Είσπραξη {{price}}'). */
  collectLabel?: (payable: string) => string;
  /** Resolves or rejects once the payment was answered; until then another tap does nothing. */
  onCollect: (amounts: CollectedAmounts) => Promise<unknown>;
}) {
  const { t, lang } = useTranslation();
  const format = useFormatEuros();
  const mark = decimalMarkOf(lang);
  // An amount the person did not type: 2 decimals in the reader's mark, a plain "0" for nothing.
  const centsText = (cents: number) => (cents === 0 ? "0" : centsToAmountText(cents, mark));
  const submitting = useRef(false);
  const [sending, setSending] = useState(false);

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
      percentText: text === "" ? "" : String(linked.percentage).replace(".", mark),
    });
  };
  const onDiscountPercentage = (text: string) => {
    // A percentage parses like euros: its hundredths are the "cents".
    const typed = (eurosToCents(text) ?? 0) / 100;
    const linked = linkDiscount({ percentage: typed }, total, pieces);
    setDiscount({
      cents: linked.amount,
      amountText: text === "" ? "" : centsText(linked.amount),
      percentText: linked.percentage === typed ? text : String(linked.percentage).replace(".", mark),
    });
  };

  // Cash and card, linked: the one typed last is kept, the other makes up the payable total.
  const [typed, setTyped] = useState<TypedAmount>({ field: method === "card" ? "cash" : "card", cents: 0, text: "0" });
  const split = linkCashCard(typed.field, typed.cents, payable);
  const mixed = method === "cash" || method === "card";
  const cash = mixed ? split.cash : 0;
  const card = mixed ? split.card : 0;
  const onCredit = method === "credit" ? payable : 0;
  const [debtor, setDebtor] = useState("");
  const debtorMissing = isCreditDebtorMissing(onCredit, debtor);

  // The tip: typed in euros, its way picked only when cash and card both pay.
  const [tipText, setTipText] = useState("");
  const [tipPicked, setTipPicked] = useState<TipMethod | null>(null);
  const parts = { payable, cash, card, onCredit, gift };
  const tip = tipOfCollection(parts, eurosToCents(tipText || "0") ?? 0, tipPicked);
  const tipField = !gift && method !== "credit";
  const { confirm, dialog } = useConfirm();
  const confirmTip = () =>
    confirm({
      title: t("waiterPay.tipConfirmTitle"),
      message: t("waiterPay.tipConfirmText", { tip: format(tip.tipAmount), bill: format(payable) }),
      confirmLabel: t("waiterPay.tipConfirm"),
    });
  const textOf = (field: "cash" | "card") =>
    typed.field === field && eurosToCents(typed.text || "0") === split[field] ? typed.text : centsText(split[field]);
  const onAmount = (field: "cash" | "card") => (text: string) =>
    setTyped({ field, cents: Math.max(0, eurosToCents(text) ?? 0), text });

  // A card part goes to one of the venue's terminals when it has any (spec 2 §5).
  const terminals = useCardTerminals(card > 0);
  const terminalList = card > 0 ? (terminals.data ?? []) : [];
  const lastTerminalId = useStoredValue(lastTerminal);
  const [terminalId, setTerminalId] = useState<number | null>(null);
  const terminal = chosenTerminal(terminalList, terminalId, lastTerminalId);
  const needsTerminal = terminalList.length > 0;
  const terminalPanel = useRef<HTMLElement>(null);
  const choosing = needsTerminal && !terminal;
  // The list opens below the amounts, where the action bar may cover it: bring it into view.
  useEffect(() => {
    if (choosing) terminalPanel.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [choosing]);

  const online = useOnline();
  // A card part needs the terminal's or the bank's answer now: never kept for later (issue 31).
  const cardOffline = card > 0 && !online;
  const busy = (loading || sending) && !waiting;
  const nothing = pieces === 0 || total === 0;
  const disabled = nothing || busy || waiting || cardOffline || choosing || debtorMissing || (card > 0 && terminals.isPending);
  // What the bar says above the button: why it cannot be pressed, or where the card part goes.
  const note = waiting
    ? null
    : nothing
      ? t("waiterPay.nothingToCollect")
      : cardOffline
        ? t("outbox.cardNeedsConnection")
        : choosing
          ? t("waiterPay.chooseTerminal")
          : debtorMissing
            ? t("waiterPay.creditDebtorRequired")
            : terminal && needsTerminal
              ? t("waiterPay.terminalChosen", { name: terminal.friendlyName })
              : null;
  const noteId = useId();

  // A large tip is confirmed first; a server that still asks (its bill differs) is asked again once.
  const collect = async (amounts: CollectedAmounts) => {
    if (amounts.tipAmount > 0 && tip.needsConfirmation && !(await confirmTip())) return;
    const confirmed = { ...amounts, tipConfirmed: tip.needsConfirmation };
    try {
      await onCollect(confirmed);
    } catch (error) {
      const asked = error instanceof ApiError && error.key === "tip_needs_confirmation";
      if (!asked || confirmed.tipConfirmed || !(await confirmTip())) throw error;
      await onCollect({ ...confirmed, tipConfirmed: true });
    }
  };

  const onTap = () => {
    if (disabled || submitting.current) return;
    submitting.current = true;
    setSending(true);
    const amounts = {
      discount: discountCents,
      cash,
      card,
      onCredit,
      creditDebtor: creditDebtorOf(onCredit, debtor),
      terminal: needsTerminal ? terminal : null,
      tipAmount: tip.tipAmount,
      tipMethod: tip.tipMethod,
      tipConfirmed: false,
    };
    if (amounts.terminal) lastTerminal.set(amounts.terminal.id);
    // The caller says what went wrong (the API client's toast, its own); here only the guard ends.
    void collect(amounts)
      .catch(() => undefined)
      .finally(() => {
        submitting.current = false;
        setSending(false);
      });
  };

  return (
    <>
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
        {mixed && (
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
        {method === "credit" && !gift && (
          <PaymentTextField
            label={t("waiterPay.creditDebtor")}
            required
            maxLength={CREDIT_DEBTOR_MAX_LENGTH}
            placeholder={t("waiterPay.creditDebtorHint")}
            value={debtor}
            onChange={(event) => setDebtor(event.target.value)}
            aria-invalid={debtorMissing || undefined}
            data-testid="credit-debtor"
          />
        )}
      </section>

      {tipField && (
        <section className={styles.panel} data-testid="tip-panel">
          <AmountInput
            label={t("waiterPay.tip")}
            value={tipText}
            onChange={setTipText}
            disabled={!tipOffered(parts)}
            testId="tip-amount"
          />
          <p className={styles.hint}>{t("waiterPay.tipHint")}</p>
          {cash > 0 && card > 0 && (
            <fieldset className={styles.tipMethods} data-testid="tip-method">
              <legend className={styles.hint}>{t("waiterPay.tipMethod")}</legend>
              {(["CASH", "CARD"] as const).map((candidate) => (
                <label key={candidate} className={styles.choice} data-testid={`tip-method-${candidate}`}>
                  <input
                    type="radio"
                    name="tip-method"
                    className={styles.choiceInput}
                    checked={tipMethodOf(parts, tipPicked) === candidate}
                    onChange={() => setTipPicked(candidate)}
                  />
                  <span className={styles.choiceText}>
                    <strong>{t(`waiterPay.tipMethods.${candidate}`)}</strong>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {card > 0 && (
            <>
              <p className={styles.row}>
                <span>{t("waiterPay.terminalCharge")}</span>
                <span data-testid="terminal-charge">{format(tip.terminalCharge)}</span>
              </p>
              {tip.terminalCharge > card && (
                <p className={styles.hint}>
                  {t("waiterPay.terminalChargeTip", { card: format(card), tip: format(tip.terminalCharge - card) })}
                </p>
              )}
            </>
          )}
        </section>
      )}

      {card > 0 && !terminals.isPending && (
        <section className={styles.panel} data-testid="terminal-choice" ref={terminalPanel}>
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
                    checked={terminal?.id === candidate.id}
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

      <div className={styles.actionBar} data-testid="action-bar">
        <div className={styles.collectStack}>
          {note && (
            <p className={styles.collectNote} id={noteId} data-testid="collect-note">
              {note}
            </p>
          )}
          <Button
            size="lg"
            block
            onClick={onTap}
            disabled={disabled}
            loading={busy}
            aria-describedby={note ? noteId : undefined}
            data-testid="collect"
            data-waiting={waiting || undefined}
          >
            {waiting
              ? t("outbox.waiting")
              : gift
                ? t("waiterPay.giftConfirm")
                : onCredit > 0
                  ? t("waiterPay.creditConfirm", { price: format(payable) })
                  : (collectLabel?.(format(payable)) ?? t("waiterPay.collectAmount", { price: format(payable) }))}
          </Button>
        </div>
      </div>
      {dialog}
    </>
  );
}

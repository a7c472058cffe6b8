import type { RegisterReceiptInput } from "@tableorder/domain/contracts/cash-desk";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { useFormatEuros } from "../../../../components/price.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { useIssueReceipt } from "../../../../features/cash-register/api/issue-receipt.ts";
import {
  type PanelSection,
  parseSource,
  sectionsTotal,
  sourceNeedsTable,
} from "../../../../features/cash-register/register-sections.ts";
import { type CollectedAmounts, PaymentAmounts } from "../../../../features/waiter-payment/payment-amounts.tsx";
import { PAYMENT_METHOD_OF_ROUTE, PAYMENT_METHOD_ROUTES } from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentMethodChoices } from "../../../../features/waiter-payment/payment-method-choices.tsx";
import { PendingPosPayment } from "../../../../features/waiter-payment/pending-pos-payment.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { StaffActionWaiting } from "../../../../lib/staff-action.ts";
import { registerQuery } from "./cash-register-query.ts";

/** The register takes cash or card (with cash and card linked); its request has no on-credit part. */
const REGISTER_METHODS = ["cash", "card"] as const;

/** The sale's source and table as the query carries them; null where the flow must go back. */
function useRegisterSale() {
  const [search] = useSearchParams();
  const source = parseSource(search.get("source"));
  const tableId = Number(search.get("tableId")) || null;
  const tableLabel = search.get("tableLabel");
  return { search, source, tableId: source && sourceNeedsTable(source) ? tableId : null, tableLabel };
}

/** Where a step goes when the sale's source or table is missing from its query. */
function missingStep(base: string, sale: ReturnType<typeof useRegisterSale>): string | null {
  if (!sale.source) return base;
  if (sourceNeedsTable(sale.source) && sale.tableId === null) return `${base}/table-selection${registerQuery(sale.search)}`;
  return null;
}

function SaleTitle({ backTo, title, sale }: { backTo: string; title: string; sale: ReturnType<typeof useRegisterSale> }) {
  const { t } = useTranslation();
  return (
    <div className={styles.titleRow}>
      <Link to={backTo} className={styles.back} aria-label={t("common.back")} data-testid="payment-back">
        ←
      </Link>
      <h2 className={styles.title}>{title}</h2>
      <span className={styles.titleMeta}>
        {sale.source && t(`serviceMode.${sale.source}`)}
        {sale.tableLabel && sale.tableId !== null ? ` · ${t("waiter.table", { name: sale.tableLabel })}` : ""}
      </span>
    </div>
  );
}

/** choose-payment-method: cash or card. */
export function ChooseRegisterMethod({ base }: { base: string }) {
  const { t } = useTranslation();
  const sale = useRegisterSale();
  const missing = missingStep(base, sale);
  if (missing) return <Navigate to={missing} replace />;
  const backTo = sale.tableId
    ? `${base}/table-selection${registerQuery(sale.search)}`
    : `${base}/panel${registerQuery(sale.search)}`;
  return (
    <div className={styles.screen} data-testid="choose-payment-method">
      <SaleTitle backTo={backTo} title={t("cashRegister.chooseMethod")} sale={sale} />
      <PaymentMethodChoices
        methods={REGISTER_METHODS}
        to={(method) => `${base}/${PAYMENT_METHOD_ROUTES[method]}/finalize-payment${registerQuery(sale.search)}`}
        textPrefix="cashRegister.method"
      />
    </div>
  );
}

/** The sections of the sale, as finalize-payment and the retry after a decline list them. */
function SaleLines({ sections }: { sections: readonly PanelSection[] }) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  return (
    <ul className={styles.summaryLines} data-testid="finalize-lines">
      {sections.map((section) => (
        <li key={section.key} className={styles.summaryLine}>
          <span>
            {t("cashRegister.vatRate", { rate: section.sectionVat })} · {t(`cashRegister.type.${section.sectionType}`)}
          </span>
          <span>{format(section.sectionAmount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The request of a register sale of these sections. */
function registerRequest(
  sale: ReturnType<typeof useRegisterSale>,
  sections: readonly PanelSection[],
  amounts: {
    discount: number;
    cash: number;
    card: number;
    terminalId: string | number | null;
    tip?: Pick<CollectedAmounts, "tipAmount" | "tipMethod" | "tipConfirmed">;
  },
): RegisterReceiptInput | null {
  if (!sale.source) return null;
  return {
    discountAmount: amounts.discount,
    cashAmount: amounts.cash,
    cardAmount: amounts.card,
    source: sale.source,
    tableId: sale.tableId,
    selectedTerminalId: amounts.terminalId,
    sections: sections.map(({ sectionVat, sectionAmount, sectionType }) => ({ sectionVat, sectionAmount, sectionType })),
    ...amounts.tip,
  };
}

/**
 * A cash sale taken offline is kept in the outbox (issue 31): the register is done with it, and
 * the till lists it as waiting until it is sent. Any other failure stands.
 */
const keptOffline =
  (onDone: () => void, kept: string) =>
  (error: unknown): null => {
    if (!(error instanceof StaffActionWaiting)) throw error;
    toast.info(kept, { arrival: true });
    onDone();
    return null;
  };

/** What every step of a register sale after the sections is given. */
interface RegisterStepProps {
  base: string;
  sections: readonly PanelSection[];
  onDone: () => void;
}

/**
 * {method}/finalize-payment: the sections, then the shared amounts (discount capped at 0.20 € a
 * section, cash and card linked, the terminal). COMPLETED returns to the tab with the success
 * toast, PENDING at a terminal waits on pending-pos-payment, and on an error nothing navigates.
 */
export function RegisterFinalize({ base, sections, onDone }: RegisterStepProps) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const sale = useRegisterSale();
  const method = PAYMENT_METHOD_OF_ROUTE[useParams().method ?? ""];
  const issue = useIssueReceipt();
  const missing = missingStep(base, sale);
  if (missing) return <Navigate to={missing} replace />;
  if (method !== "cash" && method !== "card")
    return <Navigate to={`${base}/choose-payment-method${registerQuery(sale.search)}`} replace />;
  const total = sectionsTotal(sections);

  const onCollect = async ({ discount, cash, card, terminal, tipAmount, tipMethod, tipConfirmed }: CollectedAmounts) => {
    const body = registerRequest(sale, sections, {
      discount,
      cash,
      card,
      terminalId: terminal?.id ?? null,
      tip: { tipAmount, tipMethod, tipConfirmed },
    });
    if (!body) return;
    const result = await issue.mutateAsync(body).catch(keptOffline(onDone, t("outbox.kept")));
    if (!result) return;
    if (result.status === "COMPLETED") {
      toast.success(t("cashRegister.success"), { arrival: true });
      onDone();
    } else if (terminal) {
      const query = new URLSearchParams(registerQuery(sale.search));
      query.set("paymentId", String(result.paymentId));
      query.set("terminalLabel", terminal.friendlyName);
      query.set("charge", String(result.cardAmount));
      // Kept for a cash retry after a decline, which sells the same sections at the same discount
      // and keeps the guest's tip.
      query.set("discount", String(discount));
      if (tipAmount > 0) query.set("tip", String(tipAmount));
      void navigate(`${base}/pending-pos-payment?${query}`, { replace: true });
    } else {
      toast.info(t("cashRegister.inProgress"), { arrival: true });
      onDone();
    }
  };

  return (
    <div className={styles.screen} data-testid="finalize-payment">
      <SaleTitle
        backTo={`${base}/choose-payment-method${registerQuery(sale.search)}`}
        title={`${t("cashRegister.finalize")} · ${t(`cashRegister.method.${method}`)}`}
        sale={sale}
      />
      <section className={styles.panel} aria-label={t("cashRegister.total")}>
        <SaleLines sections={sections} />
        <p className={styles.row}>
          <span>{t("cashRegister.total")}</span>
          <span data-testid="finalize-total">{format(total)}</span>
        </p>
      </section>
      <PaymentAmounts total={total} pieces={sections.length} method={method} loading={issue.isPending} onCollect={onCollect} />
    </div>
  );
}

/**
 * pending-pos-payment: the terminal's answer to a register sale, on the table's topic when it
 * has a table and on the cashier's own queue when not. Paid: back to the tab. Declined, aborted
 * or timed out: to payment-failed, inside the register, so the typed sections stay.
 */
export function RegisterPending({ base, tabPath }: { base: string; tabPath: string }) {
  const { t } = useTranslation();
  const sale = useRegisterSale();
  const failed = new URLSearchParams(registerQuery(sale.search));
  const discount = sale.search.get("discount");
  if (discount) failed.set("discount", discount);
  const tip = sale.search.get("tip");
  if (tip) failed.set("tip", tip);
  return (
    <PendingPosPayment
      failedTo={`${base}/payment-failed?${failed}`}
      tableId={sale.tableId}
      paymentId={Number(sale.search.get("paymentId")) || null}
      terminalLabel={sale.search.get("terminalLabel") ?? ""}
      charge={Number(sale.search.get("charge")) || null}
      placeLabel={sale.tableId !== null && sale.tableLabel ? t("waiter.table", { name: sale.tableLabel }) : null}
      returnTo={tabPath}
      leaveLabel={t("cashRegister.pendingLeave")}
    />
  );
}

/**
 * payment-failed: the card part was declined, aborted or timed out, so nothing was sold (the
 * history lists no such sale). The sections stay typed: one tap sells them in cash at the same
 * discount, or the cashier tries a card again or changes the amounts.
 */
export function RegisterPaymentFailed({ base, sections, onDone }: RegisterStepProps) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const sale = useRegisterSale();
  const issue = useIssueReceipt();
  const missing = missingStep(base, sale);
  if (missing) return <Navigate to={missing} replace />;
  const total = sectionsTotal(sections);
  const discount = Math.min(Math.max(Number(sale.search.get("discount")) || 0, 0), total);
  const payable = total - discount;
  // The tip typed before the decline, now handed over in cash; it was confirmed then if it was large.
  const tipAmount = Math.max(Number(sale.search.get("tip")) || 0, 0);
  const tip = tipAmount > 0 ? { tipAmount, tipMethod: "CASH" as const, tipConfirmed: true } : undefined;

  const onCash = async () => {
    const body = registerRequest(sale, sections, { discount, cash: payable, card: 0, terminalId: null, tip });
    if (!body) return;
    const result = await issue.mutateAsync(body).catch(keptOffline(onDone, t("outbox.kept")));
    if (!result) return;
    toast.success(t(result.status === "COMPLETED" ? "cashRegister.success" : "cashRegister.inProgress"), {
      arrival: true,
    });
    onDone();
  };

  return (
    <div className={styles.screen} data-testid="register-payment-failed">
      <SaleTitle backTo={`${base}/panel${registerQuery(sale.search)}`} title={t("cashRegister.failed.title")} sale={sale} />
      <p className={styles.notice} role="alert">
        {t("cashRegister.failed.hint")}
      </p>
      <section className={styles.panel} aria-label={t("cashRegister.total")}>
        <SaleLines sections={sections} />
        <p className={styles.row}>
          <span>{t("cashRegister.total")}</span>
          <span data-testid="failed-total">{format(payable)}</span>
        </p>
        {tip ? (
          <p className={styles.row}>
            <span>{t("cashRegister.failed.tip")}</span>
            <span data-testid="failed-tip">{format(tip.tipAmount)}</span>
          </p>
        ) : null}
      </section>
      <Button size="lg" block onClick={() => void onCash()} loading={issue.isPending} data-testid="retry-cash">
        {t("cashRegister.failed.cash")} · {format(payable)}
      </Button>
      <div className={styles.choices}>
        <Link
          to={`${base}/${PAYMENT_METHOD_ROUTES.card}/finalize-payment${registerQuery(sale.search)}`}
          className={styles.choice}
          data-testid="retry-card"
        >
          <span className={styles.choiceText}>
            <strong>{t("cashRegister.failed.card")}</strong>
          </span>
        </Link>
        <Link to={`${base}/panel${registerQuery(sale.search)}`} className={styles.choice} data-testid="retry-edit">
          <span className={styles.choiceText}>
            <strong>{t("cashRegister.failed.edit")}</strong>
          </span>
        </Link>
      </div>
    </div>
  );
}

import { useState } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { useOrderHistory } from "../../../../features/cash-desk/api/get-order-history.ts";
import styles from "../../../../features/cash-desk/components/cash-desk.module.css";
import { HistoryTicketItem } from "../../../../features/cash-desk/components/history-ticket-item.tsx";
import { checkHistoryRange, type HistoryRange, todayRange } from "../../../../features/cash-desk/history-range.ts";
import { useLiveOrderHistory } from "../../../../features/cash-desk/hooks/use-live-order-history.ts";
import { errorMessage } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import pageStyles from "./cash-desk.module.css";

/**
 * The history tab (spec 3 §2.4): the sales of the chosen days (today by default), live; a sale
 * opens its documents. The range stays while the popup or the cash register is open.
 */
export function HistoryTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = todayRange().endDate;
  const [draft, setDraft] = useState<HistoryRange>(() => todayRange());
  const [range, setRange] = useState<HistoryRange>(draft);
  const problem = checkHistoryRange(draft);
  const history = useOrderHistory(range);
  useLiveOrderHistory(range);
  const list = history.data;

  const change = (next: HistoryRange) => {
    setDraft(next);
    // Only a range that can be asked for replaces the list; the field says what is wrong otherwise.
    if (!checkHistoryRange(next)) setRange(next);
  };

  return (
    <section data-testid="cash-desk-history">
      <div className={pageStyles.toolbar}>
        <div className={pageStyles.filters}>
          <label className={pageStyles.field}>
            {t("cashDesk.history.from")}
            <input
              type="date"
              value={draft.startDate}
              max={today}
              onChange={(event) => change({ ...draft, startDate: event.target.value })}
              aria-invalid={problem === "startRequired" || undefined}
              data-testid="history-start"
            />
          </label>
          <label className={pageStyles.field}>
            {t("cashDesk.history.to")}
            <input
              type="date"
              value={draft.endDate}
              min={draft.startDate || undefined}
              max={today}
              onChange={(event) => change({ ...draft, endDate: event.target.value })}
              aria-invalid={problem !== null && problem !== "startRequired" ? true : undefined}
              data-testid="history-end"
            />
          </label>
          {problem && (
            <p className={pageStyles.fieldError} role="alert" data-testid="history-range-error">
              {t(`cashDesk.history.errors.${problem}`)}
            </p>
          )}
        </div>
        <Link to="cash-register" className={pageStyles.registerLink} data-testid="open-cash-register">
          {t("cashDesk.cashRegister")}
        </Link>
      </div>
      {history.isPending && <DelayedSkeleton rows={10} rowHeight={96} />}
      {history.isError && !list && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(history.error)}</p>
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t("cashDesk.retry")}
          </Button>
        </div>
      )}
      {list && list.length === 0 && !history.isPlaceholderData && <p className={styles.empty}>{t("cashDesk.history.empty")}</p>}
      {list && list.length > 0 && (
        <ul className={`${styles.history} ${history.isPlaceholderData ? pageStyles.stale : ""}`} data-testid="history-list">
          {list.map((ticket) => (
            <HistoryTicketItem
              key={ticket.id}
              ticket={ticket}
              withDate={range.startDate !== range.endDate}
              onOpen={(opened) => navigate(`ticket/${opened.ticketId}`)}
            />
          ))}
        </ul>
      )}
      <Outlet />
    </section>
  );
}

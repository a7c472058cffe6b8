import { type KitchenTicket, type TicketProduct, ticketOnScreen } from "@tableorder/domain/contracts/kitchen";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { PrinterIcon } from "../../../components/icons.tsx";
import { useWaitingActions } from "../../../components/staff-outbox-banner.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useAcknowledgeCancellation } from "../../../features/kitchen-tickets/api/acknowledge-cancellation.ts";
import { useKitchenTicket } from "../../../features/kitchen-tickets/api/get-kitchen-ticket.ts";
import { type PrepareResult, usePrepareTicket } from "../../../features/kitchen-tickets/api/prepare-ticket.ts";
import { useUndoTicketProducts } from "../../../features/kitchen-tickets/api/undo-ticket-products.ts";
import { TicketDetail } from "../../../features/kitchen-tickets/components/ticket-detail.tsx";
import { useLiveKitchenTicket } from "../../../features/kitchen-tickets/hooks/use-live-kitchen-ticket.ts";
import { forgetUndonePieces, recordUndo } from "../../../features/kitchen-tickets/hooks/use-undo-stack.ts";
import { undoEntryAfterPrepare } from "../../../features/kitchen-tickets/undo-stack.ts";
import { ticketAsWaiting } from "../../../features/kitchen-tickets/waiting-overlay.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { randomId } from "../../../lib/uuid.ts";
import styles from "./prep.module.css";
import { usePrepContext } from "./prep-context.ts";

/** Something on the ticket waits for the cook: a dish to prepare, or a cancellation to acknowledge. */
const hasWaiting = (ticket: KitchenTicket) =>
  ticket.products.some((p) => p.status === "SENT") || ticket.cancelledUnacknowledged.length > 0;

/**
 * /service/prep/{ticketId} (spec 2 §2.4, §4.3): the cook checks lines off or reverts them, or
 * taps 'All ready'. When nothing waits any more the server completes the ticket; it goes on the
 * undo stack, the waiter is told (the toast says so) and the screen returns to the feed.
 */
export default function PrepTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticketId: param } = useParams();
  const ticketId = Number(param);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  const { area, basePath, thresholds, feed, printing } = usePrepContext();
  const areaId = feed.data?.id ?? area.areaId;
  const query = useKitchenTicket(ticketId, valid);
  useLiveKitchenTicket(valid ? ticketId : null);
  const prepare = usePrepareTicket();
  const revert = useUndoTicketProducts();
  const acknowledger = useAcknowledgeCancellation(area);
  const [pending, setPending] = useState<string | "all" | null>(null);
  const [printingNow, setPrintingNow] = useState(false);
  const leaving = useRef(false);
  // The cook's actions on it waiting in the outbox show as done, marked (issue 31).
  const waitingActions = useWaitingActions();
  const shown = useMemo(
    () =>
      query.data
        ? ticketAsWaiting(
            query.data,
            waitingActions.map((entry) => entry.action),
          )
        : null,
    [query.data, waitingActions],
  );
  const ticket = shown?.ticket;
  const busy = prepare.isPending || revert.isPending;
  // Until the area's feed is in, its flags (feed disabled) and undo stack are unknown: wait.
  const locked = busy || !feed.data || feed.data.isFeedDisabled;

  const backToFeed = (message?: () => void) => {
    if (leaving.current) return;
    leaving.current = true;
    message?.();
    navigate(basePath, { replace: true });
  };

  // Completed, or emptied by cancellations that were acknowledged (here or on another screen),
  // while open: back to the feed.
  const waitedBefore = useRef<boolean | null>(null);
  useEffect(() => {
    if (!ticket || busy || pending !== null || leaving.current) return;
    const waits = hasWaiting(ticket);
    const before = waitedBefore.current;
    waitedBefore.current = waits;
    if (!ticketOnScreen(ticket)) backToFeed(() => toast.info(t("kitchen.ticketEmptied"), { arrival: true }));
    else if (before === true && !waits) backToFeed(() => toast.info(t("kitchen.ticketCompleted"), { arrival: true }));
  });

  const afterPrepare = (current: KitchenTicket, result: PrepareResult) => {
    const entry = undoEntryAfterPrepare(current, result, { id: randomId(), at: Date.now() });
    if (entry) recordUndo(areaId, entry);
    if (result.ticketCompleted) backToFeed(() => toast.success(t("kitchen.waiterNotified"), { arrival: true }));
  };

  const onPrepare = (product: TicketProduct) => {
    if (!ticket || locked) return;
    setPending(product.id);
    prepare.mutate(
      { ticketId: ticket.id, orderProductIds: product.orderProductIds },
      { onSuccess: (result) => afterPrepare(ticket, result), onSettled: () => setPending(null) },
    );
  };

  const onAllReady = () => {
    if (!ticket || locked) return;
    setPending("all");
    prepare.mutate(
      { ticketId: ticket.id, orderProductIds: null },
      { onSuccess: (result) => afterPrepare(ticket, result), onSettled: () => setPending(null) },
    );
  };

  const onRevert = (product: TicketProduct) => {
    if (!ticket || locked) return;
    setPending(product.id);
    revert.mutate(
      { ticketId: ticket.id, orderProductIds: product.orderProductIds },
      {
        onSuccess: ({ revertedIds }) => forgetUndonePieces(areaId, ticket.id, revertedIds),
        onSettled: () => setPending(null),
      },
    );
  };

  const onPrint = async () => {
    if (!ticket) return;
    setPrintingNow(true);
    const printed = await printing.printTicket(ticket);
    setPrintingNow(false);
    if (printed) toast.success(t("kitchen.printDone"));
    else toast.error(t("kitchen.printFailed"));
  };

  let content: ReactNode;
  if (query.error instanceof ApiError && query.error.status === 403) {
    // Another area's ticket (an old link, a shared tablet): the cook stays signed in.
    content = (
      <div className={styles.problem} role="alert" data-testid="ticket-not-yours">
        <p>{t("kitchen.ticketNotYours")}</p>
        <Button variant="secondary" size="lg" onClick={() => navigate(basePath, { replace: true })}>
          {t("kitchen.backToFeed")}
        </Button>
      </div>
    );
  } else if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    content = (
      <p className={styles.problem} role="alert" data-testid="ticket-not-found">
        {t("kitchen.ticketNotFound")}
      </p>
    );
  } else if (query.isPending) {
    content = <DelayedSkeleton rows={5} rowHeight={88} />;
  } else if (query.isError || !ticket) {
    content = (
      <div className={styles.problem} role="alert">
        <p>{errorMessage(query.error)}</p>
        <Button variant="secondary" size="lg" onClick={() => void query.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  } else {
    content = (
      <TicketDetail
        ticket={ticket}
        waitingLines={shown?.waitingLines ?? new Set()}
        thresholds={thresholds}
        pending={pending}
        locked={locked}
        onPrepare={onPrepare}
        onRevert={onRevert}
        onAllReady={onAllReady}
        ack={{ onAcknowledge: () => acknowledger.acknowledge(ticket), pending: acknowledger.isAcknowledging(ticket.id) }}
        footerActions={
          <Button
            variant="secondary"
            className={styles.printTicket}
            disabled={!printing.ready}
            loading={printingNow}
            title={printing.unavailable ? t(`kitchen.printer.hint.${printing.unavailable}`) : undefined}
            onClick={() => void onPrint()}
            data-testid="print-ticket"
          >
            <PrinterIcon size={28} />
            {t("kitchen.print")}
          </Button>
        }
      />
    );
  }

  return (
    <div className={styles.ticketPage} data-testid="ticket-page">
      {content}
    </div>
  );
}

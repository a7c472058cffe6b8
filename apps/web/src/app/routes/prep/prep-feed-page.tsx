import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { UndoIcon } from "../../../components/icons.tsx";
import { useAcknowledgeCancellation } from "../../../features/kitchen-tickets/api/acknowledge-cancellation.ts";
import { useSetAreaActive } from "../../../features/kitchen-tickets/api/set-area-active.ts";
import { RecallPanel } from "../../../features/kitchen-tickets/components/recall-panel.tsx";
import { TicketBoard } from "../../../features/kitchen-tickets/components/ticket-board.tsx";
import type { TicketBump } from "../../../features/kitchen-tickets/components/ticket-card.tsx";
import { useBumpTicket } from "../../../features/kitchen-tickets/hooks/use-bump-ticket.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./prep.module.css";
import { usePrepContext } from "./prep-context.ts";

/** The ticket feed (spec 2 §2.4): live, oldest first, with the area's disabled and closed states. */
export default function PrepFeedPage() {
  const { t } = useTranslation();
  const { feed, shown, thresholds, basePath, area } = usePrepContext();
  const openArea = useSetAreaActive(area);
  const data = feed.data;
  const areaId = data?.id ?? area.areaId;
  const bumper = useBumpTicket(area, areaId);
  const acknowledger = useAcknowledgeCancellation(area);
  const [recallOpen, setRecallOpen] = useState(false);
  const locked = !data || data.isFeedDisabled;
  const bump = (ticket: KitchenTicket): TicketBump => {
    const pending = bumper.isBumping(ticket.id);
    return {
      onBump: () => bumper.bump(ticket),
      pending,
      disabledReason: pending ? t("kitchen.bumping") : locked ? t("kitchen.feedDisabled") : null,
    };
  };
  return (
    <div data-testid="kitchen-feed">
      {feed.isPending && <DelayedSkeleton rows={4} rowHeight={180} />}
      {feed.isError && !data && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(feed.error)}</p>
          <Button variant="secondary" size="lg" onClick={() => void feed.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      {data?.isFeedDisabled && (
        <p className={styles.notice} data-testid="feed-disabled">
          {t("kitchen.feedDisabled")}
        </p>
      )}
      {data && !data.isPreparationAreaAvailable && (
        <div className={`${styles.notice} ${styles.closedNotice}`} data-testid="area-closed">
          <p>{t("kitchen.areaClosedNotice")}</p>
          <Button size="lg" loading={openArea.isPending} onClick={() => openArea.mutate(true)} data-testid="open-area">
            {t("kitchen.openArea")}
          </Button>
        </div>
      )}
      {data && (
        <div className={styles.feedTools}>
          <Button
            variant="secondary"
            aria-expanded={recallOpen}
            aria-controls="recall-panel"
            onClick={() => setRecallOpen((open) => !open)}
            data-testid="open-recall"
          >
            <UndoIcon size={20} />
            {t("kitchen.recall.open")}
          </Button>
        </div>
      )}
      {data && recallOpen && <RecallPanel area={area} areaId={areaId} locked={data.isFeedDisabled} />}
      {data && (
        <TicketBoard
          tickets={shown.board}
          leaving={shown.leaving}
          thresholds={thresholds}
          ticketPath={(id) => `${basePath}/${id}`}
          bump={bump}
          ack={(ticket) => ({
            onAcknowledge: () => acknowledger.acknowledge(ticket),
            pending: acknowledger.isAcknowledging(ticket.id),
          })}
        />
      )}
    </div>
  );
}

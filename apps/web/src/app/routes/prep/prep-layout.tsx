import type { Account } from "@tableorder/domain/contracts/auth";
import { useMemo } from "react";
import { Outlet } from "react-router";
import { useWaitingActions } from "../../../components/staff-outbox-banner.tsx";
import { useKitchenFeed } from "../../../features/kitchen-tickets/api/get-kitchen-feed.ts";
import { boardTickets } from "../../../features/kitchen-tickets/apply-kitchen-message.ts";
import { PrintFailureAlert } from "../../../features/kitchen-tickets/components/print-failure-alert.tsx";
import { useLiveKitchenFeed } from "../../../features/kitchen-tickets/hooks/use-live-kitchen-feed.ts";
import { useNewTicketBell } from "../../../features/kitchen-tickets/hooks/use-new-ticket-bell.ts";
import { useTicketPrinting } from "../../../features/kitchen-tickets/hooks/use-ticket-printing.ts";
import { type KitchenArea, OWN_AREA } from "../../../features/kitchen-tickets/kitchen-area.ts";
import { boardAsWaiting } from "../../../features/kitchen-tickets/waiting-overlay.ts";
import { DEFAULT_THRESHOLDS } from "../../../lib/elapsed-minutes.ts";
import { STAFF_APP_SCOPES, useStaffServiceWorker } from "../../../lib/staff-service-worker.ts";
import { useWakeLock } from "../../../lib/wake-lock.ts";
import { useWebAppIdentity } from "../../../lib/web-app-manifest.ts";
import { StaffArea } from "../staff/staff-area.tsx";
import styles from "./prep.module.css";
import type { PrepContext } from "./prep-context.ts";
import { PrepHeader } from "./prep-header.tsx";

export const PREP_BASE_PATH = "/service/prep";

/**
 * A preparation area on screen (spec 2 §2.1): the live feed, the bell, printing and the undo
 * stack live here, above the screens, so they keep working while the cook is on a ticket or on
 * availability. The cash desk can mount the same with its area and cashDesk set.
 */
export function PrepArea({ account, area, basePath }: { account: Account; area: KitchenArea; basePath: string }) {
  const feed = useKitchenFeed(area);
  const realtime = useLiveKitchenFeed(area);
  useWakeLock(true);
  const waiting = useWaitingActions();
  const shown = useMemo(
    () =>
      boardAsWaiting(
        boardTickets(feed.data?.tickets ?? []),
        waiting.map((entry) => entry.action),
      ),
    [feed.data, waiting],
  );
  const tickets = useMemo(() => shown.board.map((entry) => entry.ticket), [shown]);
  const bell = useNewTicketBell(feed.data ? tickets.length : undefined, !area.cashDesk);
  const printing = useTicketPrinting(area, feed.data);
  const thresholds = feed.data ? { warn: feed.data.ageWarnMinutes, late: feed.data.ageLateMinutes } : DEFAULT_THRESHOLDS;
  const context: PrepContext = { account, area, basePath, feed, tickets, shown, thresholds, printing };

  return (
    <div className={styles.screen}>
      <PrepHeader context={context} realtime={realtime} bell={bell} />
      <main className={styles.main}>
        {printing.alert && (
          <PrintFailureAlert
            failed={printing.failed}
            canPrint={printing.ready}
            onPrintAgain={printing.retryFailed}
            onAcknowledge={printing.acknowledgeFailures}
          />
        )}
        <Outlet context={context} />
      </main>
    </div>
  );
}

/** /service/prep: only preparation-area accounts (cooks) see these screens (spec 2 §2.1). */
export default function PrepLayout() {
  // Installs as its own app (spec 2 §1), from the sign-in screen on.
  useWebAppIdentity({ manifest: "/prep.webmanifest", themeColor: "#17211e", appleTouchIcon: "/prep-icon-192.png" });
  useStaffServiceWorker(STAFF_APP_SCOPES.kitchen);
  return (
    <StaffArea area="prep" authorities={["ROLE_PREPARATION_AREA"]}>
      {(account) => <PrepArea account={account} area={OWN_AREA} basePath={PREP_BASE_PATH} />}
    </StaffArea>
  );
}

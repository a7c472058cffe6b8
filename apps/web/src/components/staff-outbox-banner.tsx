import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { errorMessage } from "../lib/api-client.ts";
import { useTranslation } from "../lib/i18n.ts";
import { realtime } from "../lib/realtime.ts";
import { subscribeSession } from "../lib/session.ts";
import { staffOutbox } from "../lib/staff-action.ts";
import { staffActionNameKey } from "../lib/staff-action-names.ts";
import type { FlushReport, WaitingAction } from "../lib/staff-outbox.ts";
import { useReplaceOfflineNotice } from "./offline-notice.tsx";
import styles from "./staff-outbox-banner.module.css";
import { toast } from "./toasts.tsx";

/** While actions wait, the outbox is tried this often (a dead spot can end without an event). */
const RETRY_WHILE_WAITING_MS = 5_000;

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser believes it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The signed-in user's actions waiting to be sent, oldest first. */
export function useWaitingActions(): readonly WaitingAction[] {
  return useSyncExternalStore(staffOutbox.subscribe, staffOutbox.waiting, staffOutbox.waiting);
}

/** Whether any of the user's waiting actions is about this (a table, a ticket, a piece). */
export function useIsWaiting(about: (action: WaitingAction["action"]) => boolean): boolean {
  return useWaitingActions().some((entry) => about(entry.action));
}

const flushIfOnline = () => {
  if (navigator.onLine) void staffOutbox.flush();
};

/**
 * Sends the outbox whenever the server may be back: on page load, the browser's `online`, the
 * live socket reconnecting, a sign-in, and every few seconds while actions wait; and says what a
 * flush did: how many were sent, and each refusal (a conflict) by name and reason.
 */
function useOutboxFlushing(waiting: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void staffOutbox.load().then(flushIfOnline);
    const onSession = () => {
      staffOutbox.ownerChanged();
      flushIfOnline();
    };
    let previous = realtime.getStatus();
    const onRealtime = () => {
      const status = realtime.getStatus();
      if (status === "CONNECTED" && previous !== "CONNECTED") flushIfOnline();
      previous = status;
    };
    const offSession = subscribeSession(onSession);
    const offRealtime = realtime.onStatus(onRealtime);
    window.addEventListener("online", flushIfOnline);
    return () => {
      offSession();
      offRealtime();
      window.removeEventListener("online", flushIfOnline);
    };
  }, []);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(flushIfOnline, RETRY_WHILE_WAITING_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  useEffect(
    () =>
      staffOutbox.onFlushed((report: FlushReport) => {
        // Arrival toasts: a screen that waited for the action (the collect) leaves once it is settled,
        // and the news must survive that navigation.
        const arrival = { arrival: true };
        if (report.sent.length > 0) toast.success(t("outbox.sent", { count: report.sent.length }), arrival);
        for (const { entry, refusal } of report.refused) {
          const action = t(staffActionNameKey(entry.action));
          toast.error(t("outbox.refused", { action, reason: errorMessage(refusal) }), arrival);
        }
        // What the screens show was read before these actions reached the server.
        void queryClient.invalidateQueries();
      }),
    [t, queryClient],
  );
}

/**
 * The staff screens' connection banner (issue 31): offline, with how many actions wait on the
 * device; sending them once back; and actions another user left here. It replaces the offline
 * toast for staff, so one place says it.
 */
export function StaffOutboxBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const waiting = useWaitingActions().length;
  const others = useSyncExternalStore(staffOutbox.subscribe, staffOutbox.othersWaiting, staffOutbox.othersWaiting);
  useReplaceOfflineNotice();
  useOutboxFlushing(waiting);
  if (online && waiting === 0 && others === 0) return null;
  return (
    <div
      className={`${styles.banner} ${online ? styles.sending : styles.offline}`}
      role="status"
      data-testid="staff-outbox-banner"
      data-waiting={waiting}
      data-online={online}
    >
      {!online ? (
        <strong>{t("outbox.offline", { count: waiting })}</strong>
      ) : (
        waiting > 0 && <strong>{t("outbox.sending", { count: waiting })}</strong>
      )}
      {others > 0 && <span className={styles.others}>{t("outbox.othersWaiting", { count: others })}</span>}
    </div>
  );
}

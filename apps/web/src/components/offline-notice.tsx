import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { toast } from "./toasts.tsx";

const OFFLINE_TOAST_ID = "offline";

function subscribe(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** A persistent error toast while the browser is offline; it goes away once back online (spec 1 §4). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const message = t("toast.offline");
  useEffect(() => {
    if (online) {
      toast.dismiss(OFFLINE_TOAST_ID);
      return;
    }
    toast.show({ id: OFFLINE_TOAST_ID, kind: "error", message, persistent: true });
  }, [online, message]);
  return null;
}

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

/** How many mounted screens say the connection themselves (the staff outbox banner). */
let replacements = 0;
const replacementListeners = new Set<() => void>();
const setReplacements = (next: number) => {
  replacements = next;
  for (const listener of replacementListeners) listener();
};

/** A screen that says the connection itself (with the waiting actions) takes the offline toast's place. */
export function useReplaceOfflineNotice(): void {
  useEffect(() => {
    setReplacements(replacements + 1);
    return () => setReplacements(replacements - 1);
  }, []);
}

/** A persistent error toast while the browser is offline; it goes away once back online (spec 1 §4). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const replaced = useSyncExternalStore(
    (listener) => {
      replacementListeners.add(listener);
      return () => replacementListeners.delete(listener);
    },
    () => replacements > 0,
    () => false,
  );
  const message = t("toast.offline");
  useEffect(() => {
    if (online || replaced) {
      toast.dismiss(OFFLINE_TOAST_ID);
      return;
    }
    toast.show({ id: OFFLINE_TOAST_ID, kind: "error", message, persistent: true });
  }, [online, replaced, message]);
  return null;
}

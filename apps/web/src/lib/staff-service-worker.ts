import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { DROP_DATA_MESSAGE } from "../service-worker/staff-cache-rules.ts";
import { getToken, subscribeSession } from "./session.ts";

/** Built by apps/web/vite.config.ts at the site's root, so each staff app can scope it to its own paths. */
const SERVICE_WORKER_URL = "/sw.js";

/** The staff apps the worker serves, each at its own paths; a guest's pages are outside them all. */
export const STAFF_APP_SCOPES = {
  waiter: "/service/wait",
  kitchen: "/service/prep",
  till: "/service/admin/cash-desk",
} as const;

const supported = () => import.meta.env.PROD && typeof navigator !== "undefined" && "serviceWorker" in navigator;

/**
 * A signed-out device keeps no staff data: every worker drops the answers it cached, whoever signs
 * in next. (The worker also never serves an answer past its token's life; see staff-cache-rules.ts.)
 */
function dropCachedDataOnSignOut(): void {
  subscribeSession(() => {
    if (getToken()) return;
    void navigator.serviceWorker.getRegistrations().then((registrations) => {
      for (const registration of registrations) registration.active?.postMessage(DROP_DATA_MESSAGE);
    });
  });
}
let listening = false;

/**
 * Registers the staff apps' service worker for this app's paths (docs/decisions/043-staff-apps-service-worker.md),
 * so a reload without network opens the screen with its last known state. Production builds only:
 * the development server and the tests without a build have no /sw.js.
 */
export function useStaffServiceWorker(scope: (typeof STAFF_APP_SCOPES)[keyof typeof STAFF_APP_SCOPES]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!supported()) return;
    if (!listening) {
      listening = true;
      dropCachedDataOnSignOut();
    }
    // What the screen read before the worker took over went past it: read again through it, so a
    // reload without network finds this screen's state from the first visit on.
    const readThroughWorker = () => void queryClient.refetchQueries({ type: "active" });
    navigator.serviceWorker.addEventListener("controllerchange", readThroughWorker);
    // A browser that refuses (private mode, plain http on a LAN address) keeps the app as it is.
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope }).catch(() => {});
    return () => navigator.serviceWorker.removeEventListener("controllerchange", readThroughWorker);
  }, [scope, queryClient]);
}

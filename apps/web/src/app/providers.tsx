import { type Query, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { OfflineNotice } from "../components/offline-notice.tsx";
import { ToastViewport, toast } from "../components/toasts.tsx";
import { useAccountLanguage } from "../features/auth/hooks/use-account-language.ts";
import { ApiError, setApiNotifier } from "../lib/api-client.ts";
import { getToken, subscribeSession } from "../lib/session.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only an unanswered call is worth one quiet retry; a 4xx will answer the same again.
      retry: (failures, error) => failures < 1 && error instanceof ApiError && error.status === 0,
    },
    // A mutation runs even offline: a staff action is then kept in the outbox and said so at once
    // (lib/staff-action.ts), rather than paused silently by React Query until the network returns.
    mutations: { networkMode: "always" },
  },
});

setApiNotifier({ error: (message) => toast.error(message), success: (message) => toast.success(message) });

// Signing in or out changes who is asking: nothing cached for the previous identity may show.
// What anyone may read (a table's code, its menu) is the same for every identity and stays, read
// or still being read, so a guest's phone that asked while the sign-in popup was open does not
// wait for it again. A failed read is tried again as the new identity.
const readByAnyone = (query: Query) => query.meta?.readByAnyone === true && query.state.status !== "error";
subscribeSession(() => {
  queryClient.getMutationCache().clear();
  const identityBound = { predicate: (query: Query) => !readByAnyone(query) };
  // Signed in: fetch again as the new identity. Signed out: drop everything without refetching.
  if (getToken()) void queryClient.resetQueries(identityBound);
  else queryClient.removeQueries(identityBound);
});

function SessionEffects() {
  useAccountLanguage();
  return null;
}

/** The app's providers; the server renders a guest's page with a client of its own per page. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <SessionEffects />
      {children}
      <OfflineNotice />
      <ToastViewport />
    </QueryClientProvider>
  );
}

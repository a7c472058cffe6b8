import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
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
  },
});

setApiNotifier({ error: (message) => toast.error(message), success: (message) => toast.success(message) });

// Signing in or out changes who is asking: nothing cached for the previous identity may show.
subscribeSession(() => {
  queryClient.getMutationCache().clear();
  // Signed in: fetch again as the new identity. Signed out: drop everything without refetching.
  if (getToken()) void queryClient.resetQueries();
  else queryClient.removeQueries();
});

function SessionEffects() {
  useAccountLanguage();
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionEffects />
      {children}
      <OfflineNotice />
      <ToastViewport />
    </QueryClientProvider>
  );
}

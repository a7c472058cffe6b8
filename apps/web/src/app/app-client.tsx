import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { initI18n } from "../lib/i18n.ts";
import { AppProviders } from "./providers.tsx";
import { router } from "./router.tsx";

/** Starts the app's every area but the guest's pages, which guest/guest-client.tsx starts. */
export async function startApp(root: HTMLElement): Promise<void> {
  await initI18n();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

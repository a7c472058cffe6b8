import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { chosenLanguage, initI18n, setLanguage } from "../../lib/i18n.ts";
import { AppProviders, queryClient } from "../providers.tsx";
import { readGuestMenuPage, seedGuestMenuPage } from "./guest-page-data.ts";
import { GuestRoutes } from "./guest-routes.tsx";

/** Starts the guest's pages: hydrates the page the server rendered, or renders it where it did not. */
export async function startGuestPages(root: HTMLElement): Promise<void> {
  const page = readGuestMenuPage();
  await initI18n(page?.lang);
  const app = (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <GuestRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  if (!page) {
    createRoot(root).render(app);
    return;
  }
  seedGuestMenuPage(queryClient, page);
  hydrateRoot(root, app);
  // A language chosen before the server could read it (no cookie yet) applies once hydrated.
  const chosen = chosenLanguage();
  if (chosen && chosen !== page.lang) void setLanguage(chosen);
}

import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, matchPath } from "react-router";
import { chosenLanguage, currentContentLanguage, initI18n, setLanguage } from "../../lib/i18n.ts";
import { AppProviders, queryClient } from "../providers.tsx";
import { startTable } from "../routes/customer/table-start.ts";
import { readGuestMenuPage, seedGuestMenuPage } from "./guest-page-data.ts";
import { GuestRoutes } from "./guest-routes.tsx";

/** The table code of a table's address, not of the payment callbacks' own addresses. */
function tableCodeOf(pathname: string): string | null {
  const code = matchPath("/service/customer/:tableCode/*", pathname)?.params.tableCode;
  return code && !["successful-payment", "failed-payment"].includes(code) ? code : null;
}

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
    // The table's start goes out before the first render, as a route loader's would: the layout's
    // code lookup then waits for it instead of asking for the code alone, then the menu.
    const tableCode = tableCodeOf(location.pathname);
    if (tableCode) startTable(queryClient, tableCode, currentContentLanguage()).catch(() => {});
    createRoot(root).render(app);
    return;
  }
  seedGuestMenuPage(queryClient, page);
  hydrateRoot(root, app);
  // A language chosen before the server could read it (no cookie yet) applies once hydrated.
  const chosen = chosenLanguage();
  if (chosen && chosen !== page.lang) void setLanguage(chosen);
}

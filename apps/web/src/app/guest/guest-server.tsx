import type { GuestMenuPage, GuestPageRenderer } from "@tableorder/domain/contracts/guest-page";
import { UI_LANGUAGES } from "@tableorder/domain/enums";
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { initI18n, renderInLanguage } from "../../lib/i18n.ts";
import { AppProviders } from "../providers.tsx";
import { seedGuestMenuPage } from "./guest-page-data.ts";
import { GuestRoutes } from "./guest-routes.tsx";

/** Every language's catalog, loaded once before the first page is rendered. */
async function prepare(): Promise<void> {
  for (const lang of UI_LANGUAGES) await initI18n(lang);
  await initI18n("el");
}

/**
 * The server's rendering of a guest's menu page: the same tree the browser hydrates
 * (guest-client.tsx), with a query client of its own filled from the page's data.
 */
function renderGuestMenuPage(url: string, page: GuestMenuPage): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedGuestMenuPage(client, page);
  // Synchronous from here on: no other page's language can come between.
  renderInLanguage(page.lang);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouter location={url}>
          <GuestRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  client.clear();
  return html;
}

export const renderer: GuestPageRenderer = { prepare, renderGuestMenuPage };

import type { Account } from "@tableorder/domain/contracts/auth";
import type { ContactRequestRow } from "@tableorder/domain/contracts/operator";
import { useRef, useState } from "react";
import { Link, NavLink, Route, Routes } from "react-router";
import { Button } from "../../../components/button.tsx";
import { LanguageToggle } from "../../../components/language-toggle.tsx";
import { useToastsBelow } from "../../../components/toasts.tsx";
import { displayName } from "../../../features/auth/has-authority.ts";
import { addAreaCatalog, useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import adminStyles from "../admin/admin.module.css";
import { CreateVenueDialog } from "./create-venue-dialog.tsx";
import { RequestsTab } from "./requests-tab.tsx";
import * as texts from "./texts.ts";
import { VenuesTab } from "./venues-tab.tsx";

addAreaCatalog(texts);

const BASE = "/service/operator";

/**
 * The platform operator's console (issue 18): the contact form's requests and the venues. It shows
 * venues and their signs of life only, never a venue's orders, guests or payments. A new venue
 * is made from a request (its details filled in) or from nothing, in one dialog.
 */
export function OperatorConsole({ account }: { account: Account }) {
  const { t } = useTranslation();
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);
  // What the create dialog starts from: a request, or nothing (null: closed).
  const [creating, setCreating] = useState<{ request: ContactRequestRow | null } | null>(null);
  const tab = ({ isActive }: { isActive: boolean }) => `${adminStyles.tab} ${isActive ? adminStyles.tabActive : ""}`;
  return (
    <div className={adminStyles.shell}>
      <header className={adminStyles.header} ref={headerRef}>
        <Link to={BASE} className={adminStyles.brand}>
          {t("app.name")} · {t("operator.title")}
        </Link>
        <nav className={adminStyles.tabs} aria-label={t("operator.title")}>
          <NavLink to={BASE} end className={tab} data-testid="operator-tab-requests">
            {t("operator.tabs.requests")}
          </NavLink>
          <NavLink to={`${BASE}/venues`} className={tab} data-testid="operator-tab-venues">
            {t("operator.tabs.venues")}
          </NavLink>
        </nav>
        <div className={adminStyles.headerEnd}>
          <span className={adminStyles.rowMeta}>{displayName(account)}</span>
          <LanguageToggle />
          <Button variant="secondary" onClick={() => clearSession()} data-testid="operator-logout">
            {t("common.logout")}
          </Button>
        </div>
      </header>
      <main className={adminStyles.main}>
        <Routes>
          <Route index element={<RequestsTab onCreateVenue={(request) => setCreating({ request })} />} />
          <Route path="venues" element={<VenuesTab onCreateVenue={() => setCreating({ request: null })} />} />
        </Routes>
      </main>
      {creating && <CreateVenueDialog request={creating.request} onClose={() => setCreating(null)} />}
    </div>
  );
}

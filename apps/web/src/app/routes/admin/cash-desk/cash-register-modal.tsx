import { useCallback, useState } from "react";
import { Navigate, useLocation, useNavigate, useRoutes, useSearchParams } from "react-router";
import { RegisterPanel } from "../../../../features/cash-register/components/register-panel.tsx";
import type { PanelSection } from "../../../../features/cash-register/register-sections.ts";
import { parseSource, sourceNeedsTable } from "../../../../features/cash-register/register-sections.ts";
import * as registerTexts from "../../../../features/cash-register/texts.ts";
import * as waiterTexts from "../../../../features/waiter-payment/texts.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";
import { ChooseRegisterMethod, RegisterFinalize, RegisterPaymentFailed, RegisterPending } from "./cash-register-payment.tsx";
import { registerQuery } from "./cash-register-query.ts";
import { ChooseRegisterSource } from "./cash-register-source.tsx";
import { RegisterTableSelection } from "./cash-register-tables.tsx";
import { ServiceModalFrame } from "./service-modal-frame.tsx";

// The register's texts, and the waiter's payment texts its shared amounts and pending screen use.
addAreaCatalog(registerTexts);
addAreaCatalog(waiterTexts);

/** The tab the register was opened over: `…/history` for `…/history/cash-register/panel`. */
export function registerTabPath(pathname: string): string {
  const at = pathname.indexOf("/cash-register");
  return at > 0 ? pathname.slice(0, at) : pathname;
}

/** The routes that need no sections; anywhere else an empty sale goes back to the panel (spec 3 §2.3). */
const WITHOUT_SECTIONS = new Set(["", "panel", "table-selection", "pending-pos-payment"]);

/**
 * <tab>/cash-register/* (spec 3 §2.3, §4, §5): choose the source (root), type amounts by VAT rate
 * on the panel, choose the table for a dine-in sale (table-selection), then pay through the same
 * amounts as a table's collection (choose-payment-method, {method}/finalize-payment) and wait for
 * a terminal (pending-pos-payment), retried after a decline (payment-failed). The sections live
 * here while the modal is open, so a declined card loses nothing typed.
 */
export default function CashRegisterModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const tabPath = registerTabPath(pathname);
  const base = `${tabPath}/cash-register`;
  const [sections, setSections] = useState<PanelSection[]>([]);
  const source = parseSource(search.get("source"));
  // Leaving cash-register/* unmounts the modal, and the sale's sections go with it.
  const finish = useCallback(() => void navigate(tabPath, { replace: true }), [navigate, tabPath]);

  const onContinue = () => {
    if (sections.length === 0) return;
    if (!source) void navigate(base);
    else if (sourceNeedsTable(source) && !search.get("tableId")) void navigate(`${base}/table-selection${registerQuery(search)}`);
    else void navigate(`${base}/choose-payment-method${registerQuery(search)}`);
  };

  const routes = useRoutes([
    { index: true, element: <ChooseRegisterSource base={base} /> },
    {
      path: "panel",
      element: (
        <RegisterPanel
          sections={sections}
          onAdd={(section) => setSections((current) => [...current, section])}
          onRemove={(key) => setSections((current) => current.filter((section) => section.key !== key))}
          onContinue={onContinue}
        />
      ),
    },
    { path: "table-selection", element: <RegisterTableSelection base={base} /> },
    { path: "choose-payment-method", element: <ChooseRegisterMethod base={base} /> },
    { path: ":method/finalize-payment", element: <RegisterFinalize base={base} sections={sections} onDone={finish} /> },
    { path: "pending-pos-payment", element: <RegisterPending base={base} tabPath={tabPath} /> },
    { path: "payment-failed", element: <RegisterPaymentFailed base={base} sections={sections} onDone={finish} /> },
    { path: "*", element: <Navigate to={`${base}/panel${registerQuery(search)}`} replace /> },
  ]);

  const step = pathname.slice(base.length).replace(/^\/|\/$/g, "");
  const redirect = sections.length === 0 && !WITHOUT_SECTIONS.has(step);
  return (
    <ServiceModalFrame title={t("cashRegister.title")} closeTo={tabPath} testId="cash-register">
      {redirect ? <Navigate to={`${base}/panel${registerQuery(search)}`} replace /> : routes}
    </ServiceModalFrame>
  );
}

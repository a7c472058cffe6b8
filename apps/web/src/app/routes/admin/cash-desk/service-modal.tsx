import { useQueryClient } from "@tanstack/react-query";
import { lazy, useEffect, useMemo, useRef } from "react";
import { Navigate, useLocation, useNavigate, useParams, useRoutes } from "react-router";
import { lazyScreen } from "../../../../components/delayed-skeleton.tsx";
import { KEEP_TOASTS } from "../../../../components/toasts.tsx";
import { cashDeskServicePaths, ServicePathsProvider } from "../../../../features/waiter-payment/service-paths.tsx";
import { el, en } from "../../../../features/waiter-payment/texts.ts";
import { staffTableFeedQueryKey, useStaffTableFeed } from "../../../../features/waiter-tasks/api/waiter-api.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";
import { useRealtime } from "../../../../lib/realtime.ts";
import { waiterPaymentRoutes } from "../../../payment-routes.tsx";
import { ServiceModalFrame } from "./service-modal-frame.tsx";

// The waiter's payment and ordering texts, for the same screens here.
addAreaCatalog({ el, en });

// The waiter's screens themselves, not copies: the same chunks the waiter's app loads.
const TableFeedPage = lazy(() => import("../../waiter/waiter-table-feed-page.tsx"));
const MenuCategoriesPage = lazy(() => import("../../waiter/menu-categories-page.tsx"));
const MenuCategoryItemsPage = lazy(() => import("../../waiter/menu-category-items-page.tsx"));
const OrderPage = lazy(() => import("../../waiter/waiter-order-page.tsx"));

/**
 * The cash desk's tab under the modal's route: `…/tables` for `…/tables/table/{id}/{label}/…`,
 * `…/take-away` for `…/take-away/take-away/{id}/{label}/…`.
 */
export function serviceTabPath(pathname: string, kind: "table" | "take-away", id: string): string {
  const segments = pathname.split("/");
  const at = segments.findIndex((segment, index) => segment === kind && segments[index + 1] === id);
  return at > 0 ? segments.slice(0, at).join("/") : pathname;
}

/** The table's feed reads again when the cash desk hears its card changed (guests order, pay). */
function useLiveServiceFeed(mode: "table" | "take-away", tableId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: staffTableFeedQueryKey(tableId) });
  useRealtime(
    mode === "table" ? "/user/queue/admin/cash-desk-tables" : "/user/queue/admin/cash-desk-take-away",
    (body) => {
      const message = body as { type?: unknown; id?: unknown; card?: { id?: unknown } } | null;
      if (message?.card?.id === tableId || (message?.type === "REMOVED" && message.id === tableId)) refresh();
    },
    refresh,
  );
}

/**
 * Once the table's last unpaid piece is paid (or removed) and the flow is back on its feed, the
 * window closes back to the cards: an empty table leaves the cashier nothing to do there. Only on
 * the feed, so a terminal sale's waiting screen still shows its answer first.
 */
function useCloseWhenSettled(tableId: number, atFeed: boolean, closeTo: string) {
  const feed = useStaffTableFeed(tableId, tableId > 0);
  const navigate = useNavigate();
  // Lives with the modal, not the feed screen, which unmounts during the payment flow.
  const hadUnpaid = useRef(false);
  const unpaid = feed.data?.totalUnpaidPrice;
  const settled = unpaid === 0 && !feed.isFetching;
  useEffect(() => {
    if (unpaid !== undefined && unpaid > 0) hadUnpaid.current = true;
  }, [unpaid]);
  useEffect(() => {
    if (settled && atFeed && hadUnpaid.current) void navigate(closeTo, { replace: true, state: KEEP_TOASTS });
  }, [settled, atFeed, closeTo, navigate]);
}

/**
 * tables/table/{id}/{label}/* and take-away/take-away/{id}/{label}/* (spec 3 §2.3): the waiter's
 * table feed, menu, basket review and whole payment flow, over the cash desk. A take-away orders
 * at take-away prices with its own basket, and cannot be transferred.
 */
export default function ServiceModal({ mode }: { mode: "table" | "take-away" }) {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const tableId = Number(params.id);
  const label = params.label ?? "";
  const tabPath = serviceTabPath(pathname, mode, params.id ?? "");
  const paths = useMemo(() => cashDeskServicePaths({ tabPath, mode }), [tabPath, mode]);
  useLiveServiceFeed(mode, tableId);
  useCloseWhenSettled(tableId, !params["*"], tabPath);
  const routes = useRoutes([
    { index: true, element: lazyScreen(TableFeedPage) },
    { path: "menu-categories", element: lazyScreen(MenuCategoriesPage) },
    { path: "menu-category-items/:categoryId", element: lazyScreen(MenuCategoryItemsPage) },
    { path: "order", element: lazyScreen(OrderPage) },
    ...waiterPaymentRoutes(),
  ]);
  if (!Number.isInteger(tableId) || tableId <= 0) return <Navigate to={tabPath} replace />;
  return (
    <ServiceModalFrame title={t(paths.labelKey, { name: label })} closeTo={tabPath} testId="service-modal">
      <ServicePathsProvider paths={paths}>{routes}</ServicePathsProvider>
    </ServiceModalFrame>
  );
}

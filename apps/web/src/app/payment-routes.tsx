import { lazy } from "react";
import type { RouteObject } from "react-router";
import { lazyScreen } from "../components/delayed-skeleton.tsx";
import { lazyWithRetry } from "../lib/lazy-with-retry.ts";
import { NotFoundPage } from "./routes/not-found-page.tsx";

// Each screen is its own chunk, loaded when first shown (waiter's app and cash desk alike). This
// list lives outside routes/waiter so that the router's entry does not pull the waiter's chunk
// into every guest's first load.
const ChoosePaymentTypePage = lazy(lazyWithRetry(() => import("./routes/waiter/payment/choose-payment-type-page.tsx")));
const PaymentTypeRedirect = lazy(lazyWithRetry(() => import("./routes/waiter/payment/payment-type-redirect.tsx")));
const SelectProductsPage = lazy(lazyWithRetry(() => import("./routes/waiter/payment/select-products-page.tsx")));
const ChoosePaymentMethodPage = lazy(lazyWithRetry(() => import("./routes/waiter/payment/choose-payment-method-page.tsx")));
const FinalizePaymentPage = lazy(lazyWithRetry(() => import("./routes/waiter/payment/finalize-payment-page.tsx")));
const PendingPosPaymentPage = lazy(lazyWithRetry(() => import("./routes/waiter/payment/pending-pos-payment-page.tsx")));
const TableTransferPage = lazy(lazyWithRetry(() => import("./routes/waiter/payment/table-transfer-page.tsx")));

/**
 * The payment sub-routes (spec 2 §2.2), under a table's feed and a request's task page in the
 * waiter's app, and under the cash desk's service modal (spec 3 §2.3): one list for every mount.
 */
export const waiterPaymentRoutes = (): RouteObject[] => [
  { path: "choose-payment-type", element: lazyScreen(ChoosePaymentTypePage) },
  { path: "table-transfer", element: lazyScreen(TableTransferPage) },
  { path: "pending-pos-payment", element: lazyScreen(PendingPosPaymentPage) },
  { path: ":type", element: lazyScreen(PaymentTypeRedirect) },
  { path: ":type/select-products", element: lazyScreen(SelectProductsPage) },
  { path: ":type/choose-payment-method", element: lazyScreen(ChoosePaymentMethodPage) },
  { path: ":type/:method/finalize-payment", element: lazyScreen(FinalizePaymentPage) },
  { path: "*", element: <NotFoundPage /> },
];

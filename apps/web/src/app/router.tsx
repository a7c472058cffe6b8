import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { lazyScreen } from "../components/delayed-skeleton.tsx";
import { lazyWithRetry } from "../lib/lazy-with-retry.ts";
import { DocumentNavigation } from "./document-navigation.tsx";
import { waiterPaymentRoutes } from "./payment-routes.tsx";
import { NotFoundPage } from "./routes/not-found-page.tsx";
import { RootLayout } from "./routes/root-layout.tsx";
import { RouteError } from "./routes/route-error.tsx";

// Each area is its own chunk. Every chunk's load
// goes through lazyWithRetry, so a screen opened offline loads when the connection returns.
const HomePage = lazy(lazyWithRetry(() => import("./routes/public/home-page.tsx")));
const BusinessLoginDialog = lazy(lazyWithRetry(() => import("./routes/public/business-login-dialog.tsx")));
const LogoutPage = lazy(lazyWithRetry(() => import("./routes/public/logout-page.tsx")));
// The public pages are their own chunks too.
const FaqPage = lazy(lazyWithRetry(() => import("./routes/public/faq-page.tsx")));
const ForRetailersPage = lazy(lazyWithRetry(() => import("./routes/public/for-retailers-page.tsx")));
const ContactPage = lazy(lazyWithRetry(() => import("./routes/public/contact-page.tsx")));
const TermsOfUsePage = lazy(lazyWithRetry(() => import("./routes/public/terms-of-use-page.tsx")));
const PrivacyPolicyPage = lazy(lazyWithRetry(() => import("./routes/public/privacy-policy-page.tsx")));
const AccessibilityStatementPage = lazy(lazyWithRetry(() => import("./routes/public/accessibility-statement-page.tsx")));
const PrepLayout = lazy(lazyWithRetry(() => import("./routes/prep/prep-layout.tsx")));
const PrepFeedPage = lazy(lazyWithRetry(() => import("./routes/prep/prep-feed-page.tsx")));
const PrepTicketPage = lazy(lazyWithRetry(() => import("./routes/prep/prep-ticket-page.tsx")));
const PrepAvailabilityPage = lazy(lazyWithRetry(() => import("./routes/prep/prep-availability-page.tsx")));
// The waiter area is its own chunk(s), off the guest menu's budget.
const WaiterLayout = lazy(lazyWithRetry(() => import("./routes/waiter/waiter-layout.tsx")));
const WaiterFeedPage = lazy(lazyWithRetry(() => import("./routes/waiter/waiter-feed-page.tsx")));
const WaiterTaskPage = lazy(lazyWithRetry(() => import("./routes/waiter/waiter-task-page.tsx")));
const WaiterSettingsPage = lazy(lazyWithRetry(() => import("./routes/waiter/waiter-settings-page.tsx")));
const WaiterTableFeedPage = lazy(lazyWithRetry(() => import("./routes/waiter/waiter-table-feed-page.tsx")));
const WaiterSelectTablePage = lazy(lazyWithRetry(() => import("./routes/waiter/select-table-page.tsx")));
const WaiterMenuCategoriesPage = lazy(lazyWithRetry(() => import("./routes/waiter/menu-categories-page.tsx")));
const WaiterMenuCategoryItemsPage = lazy(lazyWithRetry(() => import("./routes/waiter/menu-category-items-page.tsx")));
const WaiterOrderPage = lazy(lazyWithRetry(() => import("./routes/waiter/waiter-order-page.tsx")));
const AdminPage = lazy(lazyWithRetry(() => import("./routes/staff/admin-page.tsx")));
const OperatorPage = lazy(lazyWithRetry(() => import("./routes/operator/operator-page.tsx")));
const SetPasswordPage = lazy(lazyWithRetry(() => import("./routes/staff/set-password-page.tsx")));

export const router = createBrowserRouter([
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: "",
        element: lazyScreen(HomePage),
        children: [{ path: "business-login", element: lazyScreen(BusinessLoginDialog, null) }],
      },
      { path: "logout", element: lazyScreen(LogoutPage) },
      { path: "faq", element: lazyScreen(FaqPage) },
      { path: "for-retailers", element: lazyScreen(ForRetailersPage) },
      { path: "contact-us", element: lazyScreen(ContactPage) },
      { path: "terms-of-use", element: lazyScreen(TermsOfUsePage) },
      { path: "privacy-policy", element: lazyScreen(PrivacyPolicyPage) },
      { path: "accessibility", element: lazyScreen(AccessibilityStatementPage) },
      // The guest's pages start from a root of their own (main.tsx, guest/guest-routes.tsx).
      { path: "service/customer/*", element: <DocumentNavigation /> },
      {
        path: "service/prep",
        element: lazyScreen(PrepLayout),
        children: [
          { index: true, element: lazyScreen(PrepFeedPage) },
          { path: "availability", element: lazyScreen(PrepAvailabilityPage) },
          { path: ":ticketId", element: lazyScreen(PrepTicketPage) },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        path: "service/wait",
        element: lazyScreen(WaiterLayout),
        children: [
          { index: true, element: lazyScreen(WaiterFeedPage) },
          {
            path: "request/:requestId",
            children: [{ index: true, element: lazyScreen(WaiterTaskPage) }, ...waiterPaymentRoutes()],
          },
          { path: "settings", element: lazyScreen(WaiterSettingsPage) },
          { path: "select-table", element: lazyScreen(WaiterSelectTablePage) },
          { path: "select-table/order", element: lazyScreen(WaiterSelectTablePage) },
          {
            path: ":id/:label/feed",
            children: [{ index: true, element: lazyScreen(WaiterTableFeedPage) }, ...waiterPaymentRoutes()],
          },
          { path: ":id/:label/menu-categories", element: lazyScreen(WaiterMenuCategoriesPage) },
          { path: ":id/:label/menu-category-items/:categoryId", element: lazyScreen(WaiterMenuCategoryItemsPage) },
          { path: ":id/:label/order", element: lazyScreen(WaiterOrderPage) },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { path: "service/admin/*", element: lazyScreen(AdminPage) },
      { path: "service/operator/*", element: lazyScreen(OperatorPage) },
      { path: "service/set-password/:token", element: lazyScreen(SetPasswordPage) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);

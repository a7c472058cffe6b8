import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter } from "react-router";
import { DelayedSkeleton } from "../components/delayed-skeleton.tsx";
import { NotFoundPage } from "./routes/not-found-page.tsx";
import { RootLayout } from "./routes/root-layout.tsx";
import { RouteError } from "./routes/route-error.tsx";

// Each area is its own chunk: a guest's phone loads only the customer screens.
const HomePage = lazy(() => import("./routes/public/home-page.tsx"));
const BusinessLoginDialog = lazy(() => import("./routes/public/business-login-dialog.tsx"));
const LogoutPage = lazy(() => import("./routes/public/logout-page.tsx"));
const CustomerLayout = lazy(() => import("./routes/customer/customer-layout.tsx"));
const TablePage = lazy(() => import("./routes/customer/table-page.tsx"));
const MenuPage = lazy(() => import("./routes/customer/menu-page.tsx"));
const OrderPage = lazy(() => import("./routes/customer/order-page.tsx"));
// The payment screens and the public pages are their own chunks, off the guest menu's budget.
const ChoosePaymentTypePage = lazy(() => import("./routes/customer/payment/choose-payment-type-page.tsx"));
const SelectProductsToPayPage = lazy(() => import("./routes/customer/payment/select-products-to-pay-page.tsx"));
const PaymentPage = lazy(() => import("./routes/customer/payment/payment-page.tsx"));
const PaymentSuccessPage = lazy(() => import("./routes/customer/payment-result/payment-success-page.tsx"));
const PaymentCompletionPage = lazy(() => import("./routes/customer/payment-result/payment-completion-page.tsx"));
const PaymentFailedPage = lazy(() => import("./routes/customer/payment-result/payment-failed-page.tsx"));
const FaqPage = lazy(() => import("./routes/public/faq-page.tsx"));
const ForRetailersPage = lazy(() => import("./routes/public/for-retailers-page.tsx"));
const ContactPage = lazy(() => import("./routes/public/contact-page.tsx"));
const PrepLayout = lazy(() => import("./routes/prep/prep-layout.tsx"));
const PrepFeedPage = lazy(() => import("./routes/prep/prep-feed-page.tsx"));
const PrepTicketPage = lazy(() => import("./routes/prep/prep-ticket-page.tsx"));
const PrepAvailabilityPage = lazy(() => import("./routes/prep/prep-availability-page.tsx"));
// The waiter area is its own chunk(s), off the guest menu's budget.
const WaiterLayout = lazy(() => import("./routes/waiter/waiter-layout.tsx"));
const WaiterFeedPage = lazy(() => import("./routes/waiter/waiter-feed-page.tsx"));
const WaiterTaskPage = lazy(() => import("./routes/waiter/waiter-task-page.tsx"));
const WaiterSettingsPage = lazy(() => import("./routes/waiter/waiter-settings-page.tsx"));
const WaiterTableFeedPage = lazy(() => import("./routes/waiter/waiter-table-feed-page.tsx"));
const AdminPage = lazy(() => import("./routes/staff/admin-page.tsx"));

function page(Component: ComponentType, fallback: ReactNode = <DelayedSkeleton />) {
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: "",
        element: page(HomePage),
        children: [{ path: "business-login", element: page(BusinessLoginDialog, null) }],
      },
      { path: "logout", element: page(LogoutPage) },
      { path: "faq", element: page(FaqPage) },
      { path: "for-retailers", element: page(ForRetailersPage) },
      { path: "contact-us", element: page(ContactPage) },
      {
        path: "service/customer/:tableCode",
        element: page(CustomerLayout),
        children: [
          { index: true, element: page(TablePage) },
          { path: "menu", element: page(MenuPage) },
          { path: "order", element: page(OrderPage) },
          { path: "choose-payment-type", element: page(ChoosePaymentTypePage) },
          { path: "select-products-to-pay", element: page(SelectProductsToPayPage) },
          { path: "payment", element: page(PaymentPage) },
          { path: "successful-payment", element: page(PaymentSuccessPage) },
          { path: "successful-viva-payment", element: page(PaymentSuccessPage) },
        ],
      },
      // The card provider's returns, outside a table's code (spec 1 §2).
      { path: "service/customer/successful-payment", element: page(PaymentCompletionPage) },
      { path: "service/customer/failed-payment", element: page(PaymentFailedPage) },
      {
        path: "service/prep",
        element: page(PrepLayout),
        children: [
          { index: true, element: page(PrepFeedPage) },
          { path: "availability", element: page(PrepAvailabilityPage) },
          { path: ":ticketId", element: page(PrepTicketPage) },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        path: "service/wait",
        element: page(WaiterLayout),
        children: [
          { index: true, element: page(WaiterFeedPage) },
          { path: "request/:requestId/*", element: page(WaiterTaskPage) },
          { path: "settings", element: page(WaiterSettingsPage) },
          { path: ":id/:label/feed/*", element: page(WaiterTableFeedPage) },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { path: "service/admin/*", element: page(AdminPage) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);

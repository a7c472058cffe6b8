import { lazy, useEffect, useRef } from "react";
import { Route, Routes, useLocation, useNavigationType } from "react-router";
import { lazyScreen } from "../../components/delayed-skeleton.tsx";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { DocumentNavigation } from "../document-navigation.tsx";
import CustomerLayout from "../routes/customer/customer-layout.tsx";
import * as guest from "../routes/customer/guest-screens.ts";
import MenuPage from "../routes/customer/menu-page.tsx";
import { NotFoundPage } from "../routes/not-found-page.tsx";
import { ScreenErrorBoundary } from "../routes/route-error.tsx";

// The screens the server renders (the layout and the menu, on the table's address too) are in the
// guest's first load, so the hydration finds them; the rest load when first shown, as in the app's router.
const TablePage = lazy(guest.loadTablePage);
const OrderPage = lazy(guest.loadOrderPage);
const ChoosePaymentTypePage = lazy(guest.loadChoosePaymentTypePage);
const SelectProductsToPayPage = lazy(guest.loadSelectProductsToPayPage);
const PaymentPage = lazy(guest.loadPaymentPage);
const PaymentSuccessPage = lazy(lazyWithRetry(() => import("../routes/customer/payment-result/payment-success-page.tsx")));
const PaymentCompletionPage = lazy(lazyWithRetry(() => import("../routes/customer/payment-result/payment-completion-page.tsx")));
const PaymentFailedPage = lazy(lazyWithRetry(() => import("../routes/customer/payment-result/payment-failed-page.tsx")));

/** A new screen opens at its top (the data router's ScrollRestoration does this in the app's root). */
function ScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const opened = useRef(pathname);
  useEffect(() => {
    if (opened.current === pathname) return;
    opened.current = pathname;
    // Back and forward leave the scrolling to the browser.
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * The guest's pages (/service/customer/*) in react-router's declarative mode: the same screens as
 * the app's router, rendered by the server into the page and hydrated by the browser
 * (docs/decisions/031-guest-menu-server-rendering.md). Nothing of the staff's areas is reachable here.
 */
export function GuestRoutes() {
  return (
    <ScreenErrorBoundary>
      <ScrollToTopOnNavigation />
      <Routes>
        <Route path="/service/customer">
          {/* The card provider's returns, outside a table's code (spec 1 §2). */}
          <Route path="successful-payment" element={lazyScreen(PaymentCompletionPage)} />
          <Route path="failed-payment" element={lazyScreen(PaymentFailedPage)} />
          <Route path=":tableCode" element={<CustomerLayout />}>
            <Route index element={lazyScreen(TablePage)} />
            <Route path="menu" element={<MenuPage />} />
            <Route path="order" element={lazyScreen(OrderPage)} />
            <Route path="choose-payment-type" element={lazyScreen(ChoosePaymentTypePage)} />
            <Route path="select-products-to-pay" element={lazyScreen(SelectProductsToPayPage)} />
            <Route path="payment" element={lazyScreen(PaymentPage)} />
            <Route path="successful-payment" element={lazyScreen(PaymentSuccessPage)} />
            <Route path="successful-viva-payment" element={lazyScreen(PaymentSuccessPage)} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<DocumentNavigation />} />
      </Routes>
    </ScreenErrorBoundary>
  );
}

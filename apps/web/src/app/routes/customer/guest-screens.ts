import { lazyWithRetry } from "../../../lib/lazy-with-retry.ts";

// The guest's screens' code that is not in the first load (the menu's is, see
// app/guest/guest-routes.tsx), one load each shared by the routes and the menu's preload: a guest
// who opens the basket or the payment after the connection dropped finds it loaded. The table's
// screen needs the check-in, so the server never renders it: it loads once the menu is on screen.
export const loadTablePage = lazyWithRetry(() => import("./table-page.tsx"));
/** The sign-in popup opens only once the page is hydrated (customer-layout.tsx), so it loads then. */
export const loadGuestSignInDialog = lazyWithRetry(() =>
  import("../../../features/auth/components/guest-sign-in-dialog.tsx").then((module) => ({ default: module.GuestSignInDialog })),
);
export const loadOrderPage = lazyWithRetry(() => import("./order-page.tsx"));
export const loadChoosePaymentTypePage = lazyWithRetry(() => import("./payment/choose-payment-type-page.tsx"));
export const loadSelectProductsToPayPage = lazyWithRetry(() => import("./payment/select-products-to-pay-page.tsx"));
export const loadPaymentPage = lazyWithRetry(() => import("./payment/payment-page.tsx"));

import { lazyWithRetry } from "../../../lib/lazy-with-retry.ts";

// The guest's screens' code that is not in the first load (the table's and the menu's are, see
// app/guest/guest-routes.tsx), one load each shared by the routes and the menu's preload: a guest
// who opens the basket or the payment after the connection dropped finds it loaded.
export const loadOrderPage = lazyWithRetry(() => import("./order-page.tsx"));
export const loadChoosePaymentTypePage = lazyWithRetry(() => import("./payment/choose-payment-type-page.tsx"));
export const loadSelectProductsToPayPage = lazyWithRetry(() => import("./payment/select-products-to-pay-page.tsx"));
export const loadPaymentPage = lazyWithRetry(() => import("./payment/payment-page.tsx"));

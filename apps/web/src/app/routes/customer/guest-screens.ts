import { lazyWithRetry } from "../../../lib/lazy-with-retry.ts";

// The guest's screens' code, one load each shared by the router and the menu's preload: a guest
// who opens the basket, the table or the payment after the connection dropped finds it loaded.
export const loadCustomerLayout = lazyWithRetry(() => import("./customer-layout.tsx"));
export const loadTablePage = lazyWithRetry(() => import("./table-page.tsx"));
export const loadMenuPage = lazyWithRetry(() => import("./menu-page.tsx"));
export const loadOrderPage = lazyWithRetry(() => import("./order-page.tsx"));
export const loadChoosePaymentTypePage = lazyWithRetry(() => import("./payment/choose-payment-type-page.tsx"));
export const loadSelectProductsToPayPage = lazyWithRetry(() => import("./payment/select-products-to-pay-page.tsx"));
export const loadPaymentPage = lazyWithRetry(() => import("./payment/payment-page.tsx"));

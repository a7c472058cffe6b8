import type {
  CrmCategory,
  CrmProduct,
  crmCategoryWithProducts,
  ProductFormInput,
  SaveCategoriesInput,
} from "@tableorder/domain/contracts/crm-products";
import { type MenuLanguage, siteLanguage } from "@tableorder/domain/enums";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiFetch, apiGet } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { getToken } from "../../lib/session.ts";
import { messageText } from "../admin-shell/form-errors.ts";

export type CrmCatalogueCategory = z.infer<typeof crmCategoryWithProducts>;

/** Everything the catalogue screens read; a change invalidates it all (and the header's dot). */
export const CATALOG_KEY = ["crm", "catalog"] as const;
export const TRANSLATION_MISSING_KEY = ["crm", "translation-missing-any"] as const;

/** GET api/crm/products: the categories in menu order, each with its products in order. */
export function useCrmCatalogue() {
  return useQuery({
    queryKey: [...CATALOG_KEY, "products"],
    queryFn: ({ signal }) => apiGet<CrmCatalogueCategory[]>("/api/crm/products", { signal }),
  });
}

/** One product's query, under the catalogue's key so a catalogue change refreshes it too. */
export const productKey = (id: number | null) => [...CATALOG_KEY, "product", id] as const;

export function useCrmProduct(id: number | null) {
  return useQuery({
    queryKey: productKey(id),
    queryFn: ({ signal }) => apiGet<CrmProduct>(`/api/crm/product/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** GET api/crm/product-categories: the category editor's list with product counts. */
export function useCrmCategories() {
  return useQuery({
    queryKey: [...CATALOG_KEY, "categories"],
    queryFn: ({ signal }) => apiGet<CrmCategory[]>("/api/crm/product-categories", { signal }),
  });
}

/**
 * The menu languages the venue translates into, the translation tab's columns; none while
 * translations are off (decision 046).
 */
export function useTranslationLanguages() {
  return useQuery({
    queryKey: [...CATALOG_KEY, "translation-languages"],
    queryFn: ({ signal }) => apiGet<MenuLanguage[]>("/api/crm/translation-languages", { signal }),
  });
}

/** Whether e-invoicing is on: the VAT category and goods/service show only then (spec 3 §5). */
export function useInvoicingEnabled() {
  return useQuery({
    queryKey: [...CATALOG_KEY, "invoicing-enabled"],
    queryFn: ({ signal }) => apiGet<boolean>("/api/crm/invoicing-enabled", { signal }),
  });
}

/** Create (no id) or update a product; the caller shows its field and keyed errors itself. */
export async function saveProduct(id: number | null, body: ProductFormInput): Promise<CrmProduct> {
  const path = id === null ? "/api/crm/product" : `/api/crm/product/${id}`;
  return (await apiFetch<CrmProduct>(path, { method: id === null ? "POST" : "PUT", body, quiet: true })).data;
}

export async function deleteProduct(id: number): Promise<void> {
  await apiFetch(`/api/crm/product/${id}`, { method: "DELETE" });
}

/** The availability toggle (api/crm/product/{id}/active-status); price_required without a price. */
export async function setProductActive(id: number, active: boolean, serviceMode: "DINE_IN" | "TAKE_AWAY"): Promise<void> {
  await apiFetch(`/api/crm/product/${id}/active-status`, { method: "POST", body: { active, serviceMode } });
}

/** A category's products in their new order (spec 3 §4: productIds plus categoryId). */
export async function orderProducts(categoryId: number, productIds: number[]): Promise<void> {
  await apiFetch("/api/crm/order-products", { method: "POST", body: { categoryId, productIds } });
}

/** The whole category list in order; categories left out are deleted (category_has_products). */
export async function saveCategories(list: SaveCategoriesInput): Promise<CrmCategory[]> {
  return (await apiFetch<CrmCategory[]>("/api/crm/product-categories", { method: "POST", body: list, quiet: true })).data;
}

/**
 * Uploads a product's picture as the raw body (JPEG, PNG or WebP up to 2 MB). The JSON client
 * cannot send bytes, so this call speaks HTTP itself and fails with the same ApiError.
 */
export async function uploadProductImage(id: number, file: File): Promise<{ imageUrl: string }> {
  const token = getToken();
  const response = await fetch(`/api/crm/product/${id}/image`, {
    method: "POST",
    headers: {
      "Content-Type": file.type || "application/octet-stream",
      "Accept-Language": currentLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const key = response.headers.get("X-App-Error")?.replace(/^error\./, "") ?? "";
    const message = messageText(key, siteLanguage(currentLanguage())) ?? `HTTP ${response.status}`;
    throw new ApiError(response.status, body, response.headers, [message]);
  }
  return body as { imageUrl: string };
}

export async function removeProductImage(id: number): Promise<void> {
  await apiFetch(`/api/crm/product/${id}/image`, { method: "DELETE" });
}

import type { MenuCategory, MenuProduct } from "@tableorder/domain/contracts/menu";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

export type AvailabilityMode = "DINE_IN" | "TAKE_AWAY";

export interface SetProductActiveInput {
  productId: number;
  active: boolean;
  serviceMode: AvailabilityMode;
}

/** Switches a product on or off for dine-in or take-away; without a price the server refuses (error.price_required). */
export function setCuisineProductActive({ productId, active, serviceMode }: SetProductActiveInput) {
  return apiPost<{ id: number; active: boolean; serviceMode: AvailabilityMode }>(`/api/cuisine/product/${productId}/set-active`, {
    active,
    serviceMode,
  });
}

function withProduct(menu: MenuCategory[] | undefined, productId: number, change: (p: MenuProduct) => MenuProduct) {
  return menu?.map((category) => ({
    ...category,
    products: category.products.map((product) => (product.id === productId ? change(product) : product)),
  }));
}

const applied =
  ({ active, serviceMode }: SetProductActiveInput) =>
  (product: MenuProduct) =>
    serviceMode === "TAKE_AWAY" ? { ...product, takeAwayActive: active } : { ...product, active };

/**
 * The switch moves at once; a refusal puts it back (its message shows as a toast) and the menu
 * is read again, so the screen never shows an availability the guests do not have.
 */
export function useSetCuisineProductActive() {
  const queryClient = useQueryClient();
  const queryKey = ["cuisine-menu"];
  const mutationKey = ["set-cuisine-product-active"];
  return useMutation({
    mutationKey,
    mutationFn: setCuisineProductActive,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueriesData<MenuCategory[]>({ queryKey });
      queryClient.setQueriesData<MenuCategory[]>({ queryKey }, (menu) => withProduct(menu, input.productId, applied(input)));
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    // Read the menu again once the last of several quick toggles has answered, not in between.
    onSettled: () => (queryClient.isMutating({ mutationKey }) === 1 ? queryClient.invalidateQueries({ queryKey }) : undefined),
  });
}

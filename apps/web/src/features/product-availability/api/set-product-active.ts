import type { MenuCategory, MenuProduct } from "@tableorder/domain/contracts/menu";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { WAITER_MENU_KEY } from "../../waiter-order/api.ts";
import { CUISINE_MENU_KEY } from "./get-cuisine-menu.ts";

export type AvailabilityMode = "DINE_IN" | "TAKE_AWAY";

export interface SetProductActiveInput {
  productId: number;
  active: boolean;
  serviceMode: AvailabilityMode;
}

/**
 * Who switches: the cook (their area's menu) or the waiter (the venue's menu, spec 2 §4.7). Both
 * call the same rule on the server; each has its own path and its own cached menu to update.
 */
export type AvailabilityStaff = "kitchen" | "waiter";

const STAFF_API: Record<AvailabilityStaff, { path: string; menuKey: readonly unknown[] }> = {
  kitchen: { path: "/api/cuisine", menuKey: CUISINE_MENU_KEY },
  waiter: { path: "/api/feed", menuKey: WAITER_MENU_KEY },
};

/** Switches a product on or off for dine-in or take-away; without a price the server refuses (error.price_required). */
function setProductActive(staff: AvailabilityStaff, { productId, active, serviceMode }: SetProductActiveInput) {
  return apiPost<{ id: number; active: boolean; serviceMode: AvailabilityMode }>(
    `${STAFF_API[staff].path}/product/${productId}/set-active`,
    { active, serviceMode },
  );
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
export function useSetProductActive(staff: AvailabilityStaff) {
  const queryClient = useQueryClient();
  const queryKey = STAFF_API[staff].menuKey;
  const mutationKey = ["set-product-active", staff];
  return useMutation({
    mutationKey,
    mutationFn: (input: SetProductActiveInput) => setProductActive(staff, input),
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

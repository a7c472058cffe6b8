/** The facts about a product that decide whether it can be ordered right now. */
export interface ProductAvailability {
  active: boolean;
  deletedAt: Date | string | null;
  hasDineInPrice: boolean;
  categoryId: number | null;
  preparationAreaId: number | null;
}

/**
 * What a product can be ordered as: available, not deleted, with a dine-in price, in a menu
 * section, and its preparation area open (a closed area's products cannot be ordered). Menus
 * show exactly these products, and an order naming any other is refused (inactive_product).
 */
export function isProductOrderable(product: ProductAvailability, areaActive: boolean | null): boolean {
  return (
    product.active &&
    product.deletedAt == null &&
    product.hasDineInPrice &&
    product.categoryId != null &&
    (product.preparationAreaId == null || areaActive === true)
  );
}

/** The price facts that decide whether a product may be switched on for a service. */
export interface ProductPricing {
  hasDineInPrice: boolean;
  hasTakeAwayPrice: boolean;
  takeAwayPriceCents: number | null;
}

/**
 * Whether a product has a price for a service, which switching it on for that service needs
 * (spec 2 §4.7, spec 3 §5: the availability toggle is disabled without a price; the server
 * answers price_required).
 */
export function isPricedFor(product: ProductPricing, serviceMode: "DINE_IN" | "TAKE_AWAY"): boolean {
  return serviceMode === "TAKE_AWAY" ? product.hasTakeAwayPrice && product.takeAwayPriceCents != null : product.hasDineInPrice;
}

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

/** A product's facts for ordering it as dine-in or as take-away. */
export interface ServiceProduct extends ProductAvailability, ProductPricing {
  priceCents: number;
  takeAwayActive: boolean;
}

/**
 * Whether a product can be ordered for a service now. Dine-in is isProductOrderable; a take-away
 * (spec 3 §2.3) needs the take-away price and the take-away switch instead of the dine-in ones,
 * and the same section, area and deletion rules.
 */
export function isProductOrderableFor(
  product: ServiceProduct,
  areaActive: boolean | null,
  serviceMode: "DINE_IN" | "TAKE_AWAY",
): boolean {
  if (serviceMode === "DINE_IN") return isProductOrderable(product, areaActive);
  return (
    product.takeAwayActive &&
    isPricedFor(product, "TAKE_AWAY") &&
    product.deletedAt == null &&
    product.categoryId != null &&
    (product.preparationAreaId == null || areaActive === true)
  );
}

/** A product's base price for a service: the take-away price for a take-away, else the dine-in price. */
export function basePriceFor(product: ServiceProduct, serviceMode: "DINE_IN" | "TAKE_AWAY"): number {
  return serviceMode === "TAKE_AWAY" ? (product.takeAwayPriceCents ?? 0) : product.priceCents;
}

import type { MenuCategory, MenuProduct } from "@tableorder/domain/contracts/menu";
import type { UseQueryResult } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useFormatEuros } from "../../../components/price.tsx";
import { Switch } from "../../../components/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { matchesSearch, parseSearchQuery, searchText } from "../../menu/menu-search.ts";
import { type AvailabilityMode, type AvailabilityStaff, useSetProductActive } from "../api/set-product-active.ts";
import styles from "./availability.module.css";

function ProductAvailability({
  product,
  pending,
  onToggle,
}: {
  product: MenuProduct;
  pending: AvailabilityMode | null;
  onToggle: (mode: AvailabilityMode, active: boolean) => void;
}) {
  const { t } = useTranslation();
  const euros = useFormatEuros();
  // Spec 2 §4.7: switching on needs a price; switching off is always allowed.
  const dineInLocked = !product.hasDineInPrice && !product.active;
  // Without a take-away price the dish is not sold to take away: there is nothing to switch.
  const showTakeAway = product.hasTakeAwayPrice && product.takeAwayPrice != null;
  return (
    <li
      className={`${styles.product} ${product.active ? "" : styles.off}`}
      data-testid="availability-product"
      data-name={product.name}
      data-active={product.active}
    >
      <div className={styles.productHead}>
        <span className={styles.name}>{product.name}</span>
        <span className={styles.prices}>
          {product.hasDineInPrice && euros(product.price)}
          {product.hasTakeAwayPrice && product.takeAwayPrice != null && (
            <span className={styles.takeAwayPrice}>
              {" · "}
              {t("serviceMode.TAKE_AWAY")} {euros(product.takeAwayPrice)}
            </span>
          )}
        </span>
      </div>
      <Switch
        label={t("serviceMode.DINE_IN")}
        stateLabel={product.active ? t("availability.available") : t("availability.unavailable")}
        checked={product.active}
        disabled={dineInLocked}
        offTone="danger"
        hint={dineInLocked ? t("availability.priceRequired") : undefined}
        loading={pending === "DINE_IN"}
        onChange={(active) => onToggle("DINE_IN", active)}
        testId="availability-dine-in"
      />
      {showTakeAway && (
        <Switch
          label={t("serviceMode.TAKE_AWAY")}
          stateLabel={product.takeAwayActive ? t("availability.available") : t("availability.unavailable")}
          checked={product.takeAwayActive}
          offTone="danger"
          loading={pending === "TAKE_AWAY"}
          onChange={(active) => onToggle("TAKE_AWAY", active)}
          testId="availability-take-away"
        />
      )}
    </li>
  );
}

/**
 * The availability editor (spec 2 §2.1, §4.7): every product of the area, grouped by category,
 * with a switch for dine-in and, where it has a take-away price, one for take-away. A product
 * without a price cannot be switched on, and says so in words (no hover on a touch screen). The
 * cook's area and the waiter's venue use it alike; the search is the guest menu's (Greeklish too).
 */
export function AvailabilityEditor({ menu, staff }: { menu: UseQueryResult<MenuCategory[]>; staff: AvailabilityStaff }) {
  const { t } = useTranslation();
  const setActive = useSetProductActive(staff);
  const [search, setSearch] = useState("");
  const query = useMemo(() => parseSearchQuery(search), [search]);
  const deferredQuery = useDeferredValue(query);
  const pendingFor = (productId: number): AvailabilityMode | null =>
    setActive.isPending && setActive.variables?.productId === productId ? setActive.variables.serviceMode : null;

  if (menu.isPending) return <DelayedSkeleton rows={6} rowHeight={96} />;
  if (menu.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>{errorMessage(menu.error)}</p>
        <Button variant="secondary" size="lg" onClick={() => void menu.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const categories = menu.data
    .map((category) => ({
      ...category,
      products: category.products.filter((p) => matchesSearch(deferredQuery, searchText(p.name))),
    }))
    .filter((category) => category.products.length > 0);
  const offCount = menu.data.flatMap((c) => c.products).filter((p) => !p.active).length;
  const hasProducts = menu.data.some((c) => c.products.length > 0);

  return (
    <section className={styles.editor} data-testid="availability-editor" aria-labelledby="availability-title">
      <div className={styles.toolbar}>
        <h2 id="availability-title" className={styles.title}>
          {t("availability.title")}
        </h2>
        {offCount > 0 && <span className={styles.offCount}>{t("availability.offCount", { count: offCount })}</span>}
        <input
          type="search"
          className={styles.search}
          placeholder={t("availability.search")}
          aria-label={t("availability.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="availability-search"
        />
      </div>
      {!hasProducts && <p className={styles.empty}>{t("availability.empty")}</p>}
      {hasProducts && categories.length === 0 && <p className={styles.empty}>{t("availability.noMatch")}</p>}
      {categories.map((category) => (
        <section key={category.id} className={styles.category} aria-labelledby={`availability-category-${category.id}`}>
          <h3 id={`availability-category-${category.id}`} className={styles.categoryName}>
            {category.name}
          </h3>
          <ul className={styles.products}>
            {category.products.map((product) => (
              <ProductAvailability
                key={product.id}
                product={product}
                pending={pendingFor(product.id)}
                onToggle={(serviceMode, active) => setActive.mutate({ productId: product.id, serviceMode, active })}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

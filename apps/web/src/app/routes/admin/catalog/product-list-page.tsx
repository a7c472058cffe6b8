import type { CrmProduct } from "@tableorder/domain/contracts/crm-products";
import type { MenuLanguage } from "@tableorder/domain/enums";
import { nameIn } from "@tableorder/domain/localized-name";
import { isCategoryTranslationMissing } from "@tableorder/domain/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { useFormatEuros } from "../../../../components/price.tsx";
import { ProductPicture } from "../../../../components/product-picture.tsx";
import { Switch } from "../../../../components/switch.tsx";
import { useCrmAreas } from "../../../../features/admin-areas/api.ts";
import {
  CATALOG_KEY,
  type CrmCatalogueCategory,
  orderProducts,
  setProductActive,
  TRANSLATION_MISSING_KEY,
  useCrmCatalogue,
  useTranslationLanguages,
} from "../../../../features/admin-catalog/api.ts";
import { messageText } from "../../../../features/admin-shell/form-errors.ts";
import { type t as translate, useTranslation } from "../../../../lib/i18n.ts";
import styles from "../admin.module.css";
import own from "./catalog.module.css";

type Mode = "DINE_IN" | "TAKE_AWAY";

function ProductRow({
  product,
  areaName,
  first,
  last,
  pending,
  onMove,
  onToggle,
}: {
  product: CrmProduct;
  areaName: string;
  first: boolean;
  last: boolean;
  pending: Mode | null;
  onMove: (step: -1 | 1) => void;
  onToggle: (mode: Mode, active: boolean) => void;
}) {
  const { t, site: lang } = useTranslation();
  const missingIn = (languages: readonly MenuLanguage[]) => missingLabel(t, languages);
  const euros = useFormatEuros();
  // Spec 3 §5: the availability toggle is disabled without a price (switching off stays possible).
  const needsPrice = messageText("product.availability.priceRequired", lang) ?? "";
  const dineInLocked = !product.hasDineInPrice && !product.active;
  const hasTakeAway = product.hasTakeAwayPrice && product.takeAwayPrice != null;
  const prices = [
    product.hasDineInPrice ? euros(product.price) : null,
    hasTakeAway && product.takeAwayPrice != null ? `${t("serviceMode.TAKE_AWAY")} ${euros(product.takeAwayPrice)}` : null,
  ].filter(Boolean);
  return (
    <li
      className={`${own.product} ${product.active ? "" : own.productOff}`}
      data-testid="admin-product"
      data-name={product.name}
      data-active={product.active}
    >
      <div className={own.productMain}>
        <span className={own.thumbnail}>
          <ProductPicture variants={product.imageVariants} size={40} />
        </span>
        <Link to={`../product/${product.id}`} className={own.productName} data-testid="admin-product-link">
          {nameIn(lang, product.name, product.nameEng)}
          {product.translationsMissing.length > 0 && (
            <span
              className={own.dot}
              role="img"
              aria-label={missingIn(product.translationsMissing)}
              title={missingIn(product.translationsMissing)}
              data-testid="admin-product-translation-dot"
            />
          )}
        </Link>
        <span className={own.meta}>
          {prices.join(" · ") || "—"} · {areaName}
        </span>
      </div>
      <div className={own.move}>
        <button
          type="button"
          className={own.moveButton}
          disabled={first}
          onClick={() => onMove(-1)}
          aria-label={t("admin.products.moveUp", { name: product.name })}
          data-testid="admin-product-up"
        >
          ↑
        </button>
        <button
          type="button"
          className={own.moveButton}
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={t("admin.products.moveDown", { name: product.name })}
          data-testid="admin-product-down"
        >
          ↓
        </button>
      </div>
      <div className={own.switches}>
        <span title={dineInLocked ? needsPrice : undefined}>
          <Switch
            size="sm"
            label={t("serviceMode.DINE_IN")}
            stateLabel={product.active ? t("admin.products.available") : t("admin.products.unavailable")}
            checked={product.active}
            disabled={dineInLocked}
            offTone="danger"
            hint={dineInLocked ? needsPrice : undefined}
            loading={pending === "DINE_IN"}
            onChange={(active) => onToggle("DINE_IN", active)}
            testId="admin-product-available"
          />
        </span>
        {hasTakeAway && (
          <Switch
            size="sm"
            label={t("serviceMode.TAKE_AWAY")}
            stateLabel={product.takeAwayActive ? t("admin.products.available") : t("admin.products.unavailable")}
            checked={product.takeAwayActive}
            offTone="danger"
            loading={pending === "TAKE_AWAY"}
            onChange={(active) => onToggle("TAKE_AWAY", active)}
            testId="admin-product-take-away"
          />
        )}
      </div>
    </li>
  );
}

/** The missing-translation mark's label, naming the menu languages the text is missing in. */
function missingLabel(t: typeof translate, languages: readonly MenuLanguage[]): string {
  return `${t("admin.products.translationMissing")}: ${languages.map((language) => t(`admin.languages.${language}`)).join(", ")}`;
}

/**
 * {admin}/products: the categories with their products in menu order (spec 3 §2.2): availability
 * switches, reordering within a category, and the missing-translation dot.
 */
export default function ProductListPage() {
  const { t, site: lang } = useTranslation();
  const queryClient = useQueryClient();
  const catalogue = useCrmCatalogue();
  const areas = useCrmAreas();
  const translations = useTranslationLanguages();
  const missingLanguages = (category: Parameters<typeof isCategoryTranslationMissing>[0]) =>
    (translations.data ?? []).filter((language) => isCategoryTranslationMissing(category, language));
  const missingIn = (languages: readonly MenuLanguage[]) => missingLabel(t, languages);
  const [pending, setPending] = useState<{ id: number; mode: Mode } | null>(null);
  const catalogueKey = [...CATALOG_KEY, "products"];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CATALOG_KEY }),
      queryClient.invalidateQueries({ queryKey: TRANSLATION_MISSING_KEY }),
    ]);
  const areaName = (id: number | null) =>
    id == null ? t("admin.products.service") : (areas.data?.find((a) => a.id === id)?.label ?? `#${id}`);

  const toggle = async (product: CrmProduct, mode: Mode, active: boolean) => {
    setPending({ id: product.id, mode });
    try {
      await setProductActive(product.id, active, mode);
      queryClient.setQueryData<CrmCatalogueCategory[]>(catalogueKey, (list) =>
        list?.map((c) => ({
          ...c,
          products: c.products.map((p) =>
            p.id === product.id ? { ...p, ...(mode === "DINE_IN" ? { active } : { takeAwayActive: active }) } : p,
          ),
        })),
      );
    } catch {
      // the API client has shown the keyed error (price_required)
    } finally {
      setPending(null);
      void refresh();
    }
  };

  const move = async (category: CrmCatalogueCategory, index: number, step: -1 | 1) => {
    const ids = category.products.map((p) => p.id);
    const target = index + step;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target], ids[index]];
    // The list moves at once; the server's order follows (and is read back after).
    queryClient.setQueryData<CrmCatalogueCategory[]>(catalogueKey, (list) =>
      list?.map((c) =>
        c.id === category.id
          ? { ...c, products: ids.map((id) => c.products.find((p) => p.id === id)).filter((p) => p !== undefined) }
          : c,
      ),
    );
    try {
      await orderProducts(category.id, ids);
    } finally {
      void refresh();
    }
  };

  const categories = catalogue.data ?? [];
  const hasCategories = categories.some((c) => c.id !== 0);
  return (
    <section className={styles.section} aria-labelledby="admin-products-title" data-testid="admin-products">
      <div className={styles.sectionHead}>
        <h2 id="admin-products-title">{t("admin.products.title")}</h2>
        <div className={styles.actions}>
          <Link to="../categories" className={styles.small} data-testid="categories-link">
            {t("admin.products.categories")}
          </Link>
          {hasCategories && (
            <Link to="../product" className={styles.small} data-testid="product-add">
              + {t("admin.products.add")}
            </Link>
          )}
        </div>
      </div>
      {catalogue.isPending ? (
        <DelayedSkeleton rows={6} />
      ) : catalogue.isError ? (
        <p className={styles.empty}>{t("admin.common.loadFailed")}</p>
      ) : !hasCategories && !categories.length ? (
        <div className={styles.empty}>
          <p>{t("admin.products.noCategories")}</p>
          <Link to="../categories" className={styles.small}>
            + {t("admin.categories.add")}
          </Link>
        </div>
      ) : (
        categories.map((category) => (
          <div key={category.id} className={own.category} data-testid="admin-category" data-name={category.name}>
            <h3 className={own.categoryHead}>
              {category.id === 0 ? t("admin.products.uncategorized") : nameIn(lang, category.name, category.nameEng)}
              {category.id !== 0 && missingLanguages(category).length > 0 && (
                <span
                  className={own.dot}
                  role="img"
                  aria-label={missingIn(missingLanguages(category))}
                  title={missingIn(missingLanguages(category))}
                />
              )}
            </h3>
            {category.products.length ? (
              <ul className={styles.list}>
                {category.products.map((product, index) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    areaName={areaName(product.preparationAreaId)}
                    first={index === 0 || category.id === 0}
                    last={index === category.products.length - 1 || category.id === 0}
                    pending={pending?.id === product.id ? pending.mode : null}
                    onMove={(step) => void move(category, index, step)}
                    onToggle={(mode, active) => void toggle(product, mode, active)}
                  />
                ))}
              </ul>
            ) : (
              <p className={own.meta}>{t("admin.products.emptyCategory")}</p>
            )}
          </div>
        ))
      )}
    </section>
  );
}

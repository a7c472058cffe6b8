import type { BasketLineInput } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Price, useFormatEuros } from "../../../components/price.tsx";
import { ProductPicture } from "../../../components/product-picture.tsx";
import { QuantityCounter } from "../../../components/quantity-counter.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { choiceUnitPrice, type ItemChoice, initialChoice, toBasketLineInput, toggle } from "../item-choice.ts";
import styles from "./menu.module.css";

export interface MenuProductItemProps {
  product: MenuProduct;
  expanded: boolean;
  /** Whether it can be ordered now; a switched-off dish, or one from a closed area, cannot. */
  available: boolean;
  /** How many of it the basket holds. */
  inBasket: number;
  onToggle: () => void;
  onAdd: (line: BasketLineInput) => void;
}

function OptionPrice({ cents }: { cents: number }) {
  const format = useFormatEuros();
  return cents > 0 ? <span className={styles.optionPrice}>+{format(cents)}</span> : null;
}

/**
 * An item with no choice to make (no preparation ways) goes into the basket with one tap on its "+";
 * tapping the card still opens it for ingredients, extras and a comment.
 */
export function canAddWithOneTap(product: MenuProduct): boolean {
  return product.preparationWays.length === 0;
}

/**
 * How wide an open card's picture is shown: the guest's page is at most 720 px wide with 12 px
 * padding (customer.module.css .main), less the card's 1 px borders.
 */
const LARGE_PICTURE_SIZES = "(min-width: 720px) 694px, calc(100vw - 26px)";

/** One menu item; expanded, it offers its choices and adds the configured item to the basket. */
export function MenuProductItem({ product, expanded, available, inBasket, onToggle, onAdd }: MenuProductItemProps) {
  const { t } = useTranslation();
  const id = useId();
  const format = useFormatEuros();
  const [choice, setChoice] = useState<ItemChoice>(() => initialChoice(product));
  const update = (patch: Partial<ItemChoice>) => setChoice((current) => ({ ...current, ...patch }));
  const unitPrice = choiceUnitPrice(product, choice);
  const oneTap = available && !expanded && canAddWithOneTap(product);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAdd(toBasketLineInput(product, choice));
    // Spec 1 §4: after adding, the item starts over.
    setChoice(initialChoice(product));
  };

  return (
    <li
      className={`${styles.product} ${expanded ? styles.productExpanded : ""}`}
      data-testid="menu-product"
      data-name={product.name}
      data-available={available}
    >
      <button
        type="button"
        className={styles.productHeader}
        aria-expanded={expanded}
        aria-controls={`${id}-options`}
        onClick={onToggle}
        disabled={!available}
        data-testid="menu-product-toggle"
      >
        {!expanded && <ProductPicture variants={product.imageVariants} size={72} className={styles.picture} />}
        <span className={styles.productText}>
          <span className={styles.productName}>{product.name}</span>
          {inBasket > 0 && (
            <span key={inBasket} className={styles.inBasket} data-testid="in-basket">
              {t("menu.inBasket", { count: inBasket })}
            </span>
          )}
          {product.description && <span className={styles.productDescription}>{product.description}</span>}
          {product.allergens.length > 0 && (
            <span className={styles.allergens}>
              {t("menu.allergens")}: {product.allergens.map((a) => t(`allergen.${a}`)).join(", ")}
            </span>
          )}
        </span>
        <span className={styles.productSide}>
          {available ? (
            <Price cents={product.price} className={styles.productPrice} />
          ) : (
            <span className={styles.unavailable}>{t("menu.unavailable")}</span>
          )}
          {available &&
            (oneTap ? (
              <span className={styles.oneTapSpace} />
            ) : (
              <span className={styles.chevron} aria-hidden="true">
                {expanded ? "−" : "+"}
              </span>
            ))}
        </span>
      </button>
      {expanded && (
        <ProductPicture
          variants={product.imageVariants}
          size={320}
          sizes={LARGE_PICTURE_SIZES}
          className={styles.pictureLarge}
          testId="product-picture-large"
        />
      )}
      {oneTap && (
        <button
          type="button"
          className={styles.oneTapAdd}
          aria-label={t("menu.addOne", { name: product.name })}
          data-testid="one-tap-add"
          onClick={() => onAdd(toBasketLineInput(product, initialChoice(product)))}
        >
          +
        </button>
      )}
      {expanded && available && (
        <form
          id={`${id}-options`}
          className={styles.options}
          onSubmit={onSubmit}
          aria-label={t("menu.showOptions", { name: product.name })}
        >
          {product.preparationWays.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend>{t("menu.preparation")}</legend>
              {product.preparationWays.map((way) => (
                <label key={way.id} className={styles.option}>
                  <input
                    type="radio"
                    name={`${id}-way`}
                    checked={choice.preparationWayId === way.id}
                    onChange={() => update({ preparationWayId: way.id })}
                  />
                  <span className={styles.optionLabel}>{way.label}</span>
                  <OptionPrice cents={way.price} />
                </label>
              ))}
            </fieldset>
          )}
          {product.basicIngredients.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend>
                {t("menu.ingredients")} <span className={styles.legendHint}>· {t("menu.ingredientsHint")}</span>
              </legend>
              {product.basicIngredients.map((ingredient) => (
                <label key={ingredient.id} className={styles.option}>
                  <input
                    type="checkbox"
                    checked={choice.keptBasicIds.includes(ingredient.id)}
                    onChange={(e) => update({ keptBasicIds: toggle(choice.keptBasicIds, ingredient.id, e.target.checked) })}
                  />
                  <span className={styles.optionLabel}>{ingredient.name}</span>
                </label>
              ))}
            </fieldset>
          )}
          {product.extraIngredients.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend>{t("menu.extras")}</legend>
              {product.extraIngredients.map((ingredient) => (
                <label key={ingredient.id} className={styles.option}>
                  <input
                    type="checkbox"
                    checked={choice.extraIds.includes(ingredient.id)}
                    onChange={(e) => update({ extraIds: toggle(choice.extraIds, ingredient.id, e.target.checked) })}
                  />
                  <span className={styles.optionLabel}>{ingredient.name}</span>
                  <OptionPrice cents={ingredient.extraPrice} />
                </label>
              ))}
            </fieldset>
          )}
          <label className={styles.comment}>
            <span>{t("menu.comment")}</span>
            <textarea
              rows={2}
              maxLength={300}
              value={choice.notes}
              placeholder={t("menu.commentPlaceholder")}
              onChange={(e) => update({ notes: e.target.value })}
            />
          </label>
          <div className={styles.addRow}>
            <QuantityCounter
              value={choice.quantity}
              onChange={(quantity) => update({ quantity })}
              max={99}
              testId="product-quantity"
            />
            <Button type="submit" size="lg" className={styles.addButton} data-testid="add-to-basket">
              {t("menu.add", { price: format(unitPrice * choice.quantity) })}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

import type { Allergen } from "@tableorder/domain/enums";
import { AlertIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./kitchen.module.css";

/** Allergens in a red box with a warning sign, so they catch the eye before the dish is made. */
export function AllergenWarning({ allergens }: { allergens: readonly Allergen[] }) {
  const { t } = useTranslation();
  if (allergens.length === 0) return null;
  return (
    <p className={styles.allergens} data-testid="ticket-allergens">
      <AlertIcon size={22} />
      <span>
        <span className={styles.allergensLabel}>{t("menu.allergens")}:</span>{" "}
        {allergens.map((a) => t(`allergen.${a}`)).join(", ")}
      </span>
    </p>
  );
}

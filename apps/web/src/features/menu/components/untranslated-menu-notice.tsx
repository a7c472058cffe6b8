import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./menu.module.css";

/** Whether some of the menu is shown in English or Greek, untranslated into the reader's language. */
export function isMenuPartlyUntranslated(categories: readonly MenuCategory[]): boolean {
  return categories.some((category) => category.untranslated || category.products.some((product) => product.untranslated));
}

/**
 * Says once, above the menu, that part of it is in another language (decision 046): the venue has
 * not translated everything into the guest's, so those dishes show in English, else Greek.
 */
export function UntranslatedMenuNotice() {
  const { t } = useTranslation();
  return (
    <p className={styles.untranslatedNotice} data-testid="untranslated-menu-notice">
      {t("menu.untranslated")}
    </p>
  );
}

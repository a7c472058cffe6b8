import { SearchIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./menu.module.css";

/** The search box above the categories; "×" empties it and brings the categories back. */
export function MenuSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <search className={styles.search}>
      <SearchIcon size={18} />
      <input
        type="search"
        className={styles.searchInput}
        value={value}
        placeholder={t("menu.search.placeholder")}
        aria-label={t("menu.search.label")}
        enterKeyHint="search"
        autoComplete="off"
        data-testid="menu-search"
        onChange={(event) => onChange(event.target.value)}
      />
      {value !== "" && (
        <button type="button" className={styles.searchClear} aria-label={t("menu.search.clear")} onClick={() => onChange("")}>
          ×
        </button>
      )}
    </search>
  );
}

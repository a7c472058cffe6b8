import { UI_LANGUAGES, type UiLanguage } from "@tableorder/domain/enums";
import { setLanguage, useLanguage, useTranslation } from "../lib/i18n.ts";
import styles from "./language-toggle.module.css";

/** Each language named in itself, so a guest finds theirs whatever the screen speaks now. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  el: "Ελληνικά",
  en: "English",
  de: "Deutsch",
  fr: "Français",
  it: "Italiano",
};

/**
 * The guest's language list (the staff's screens keep the Greek/English toggle): a native list,
 * which a phone shows as its own picker and which costs the guest's first load nothing.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  // The header shows the short code (a full name would crowd a phone's header); tapping it opens
  // the phone's own list of the full names, from the native select laid transparently over it.
  return (
    <span className={`${styles.pickerWrap} ${className ?? ""}`}>
      <span className={styles.toggle} aria-hidden="true">
        {lang.toUpperCase()} ▾
      </span>
      <select
        className={styles.pickerSelect}
        value={lang}
        onChange={(event) => void setLanguage(event.currentTarget.value as UiLanguage)}
        aria-label={t("language.label")}
        data-testid="language-toggle"
      >
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}

import { setLanguage, useLanguage, useTranslation } from "../lib/i18n.ts";
import styles from "./language-toggle.module.css";

/** Switches between Greek and English; the label names the language it switches to. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className ?? ""}`}
      onClick={() => void setLanguage(lang === "el" ? "en" : "el")}
      aria-label={t("language.toggleLabel")}
      lang={lang === "el" ? "en" : "el"}
      data-testid="language-toggle"
    >
      {t("language.toggle")}
    </button>
  );
}

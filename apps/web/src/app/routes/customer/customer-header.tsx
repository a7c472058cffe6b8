import type { Account } from "@tableorder/domain/contracts/auth";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { LanguagePicker } from "../../../components/language-picker.tsx";
import { SocialLinks } from "../../../components/social-links.tsx";
import { useToastsBelow } from "../../../components/toasts.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import styles from "./customer.module.css";

/** The guest's header: home of the table, their first name, language, legal links and logout. */
export function CustomerHeader({ tableCode, account }: { tableCode: string; account: Account | null }) {
  const { t } = useTranslation();
  const name = account?.firstName || t("customer.guestName");
  const logout = () => {
    clearSession();
    // Spec 1 §2: logging out reloads the page, which starts over with the sign-in popup.
    window.location.reload();
  };
  // The account menu closes like a menu: on a tap elsewhere, on Escape, and when the page changes.
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change on purpose
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);
  return (
    <header className={styles.header} ref={headerRef}>
      <Link to={`/service/customer/${encodeURIComponent(tableCode)}`} className={styles.logo} aria-label={t("app.home")}>
        <span className={styles.logoMark} aria-hidden="true" />
        <span>{t("app.name")}</span>
      </Link>
      <div className={styles.headerEnd}>
        <LanguagePicker />
        {account && (
          <details className={styles.userMenu} ref={menu}>
            <summary className={styles.userButton} aria-label={t("customer.account")}>
              <span className={styles.avatar} aria-hidden="true">
                {name.slice(0, 1).toUpperCase()}
              </span>
              <span className={styles.userName}>{name}</span>
            </summary>
            <div className={styles.userPanel}>
              <a href="/terms-of-use" target="_blank" rel="noopener">
                {t("common.termsOfUseLink")}
              </a>
              <a href="/privacy-policy" target="_blank" rel="noopener">
                {t("common.privacyPolicyLink")}
              </a>
              <button type="button" onClick={logout} data-testid="customer-logout">
                {t("common.logout")}
              </button>
              <div className={styles.userSocial}>
                <SocialLinks size="sm" />
              </div>
            </div>
          </details>
        )}
      </div>
    </header>
  );
}

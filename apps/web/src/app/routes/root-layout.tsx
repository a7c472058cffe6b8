import { useEffect, useId, useState } from "react";
import { Link, Outlet, ScrollRestoration, useLocation } from "react-router";
import { LanguageToggle } from "../../components/language-toggle.tsx";
import { SocialLinks } from "../../components/social-links.tsx";
import { useClearToastsOnNavigation } from "../../components/toasts.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./shell.module.css";

const MENU_LINKS = [
  { to: "/for-retailers", key: "site.forRetailers", testId: "nav-for-retailers" },
  { to: "/faq", key: "site.faq", testId: "nav-faq" },
  { to: "/contact-us", key: "site.contact", testId: "nav-contact" },
  { to: "/terms-of-use", key: "common.termsOfUse", testId: "nav-terms" },
  { to: "/privacy-policy", key: "common.privacyPolicy", testId: "nav-privacy" },
  { to: "/accessibility", key: "common.accessibility", testId: "nav-accessibility" },
] as const;

function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change on purpose
  useEffect(() => setOpen(false), [pathname]);
  return (
    <header className={styles.siteHeader}>
      <Link to="/" className={styles.logo} aria-label={t("app.home")}>
        <span className={styles.logoMark} aria-hidden="true" />
        {t("app.name")}
      </Link>
      <nav className={styles.siteNav}>
        <Link to="/contact-us" className={`${styles.navLink} ${styles.wideOnly}`}>
          {t("site.contact")}
        </Link>
        <Link to="/business-login" preventScrollReset className={styles.navLink}>
          {t("home.haveStore")}
        </Link>
        <LanguageToggle />
        <button
          type="button"
          className={styles.burger}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t(open ? "site.closeMenu" : "site.openMenu")}
          onClick={() => setOpen((value) => !value)}
          data-testid="site-menu-toggle"
        >
          <span aria-hidden="true" className={open ? styles.burgerOpen : styles.burgerLines} />
        </button>
      </nav>
      {open && (
        <ul id={menuId} className={styles.siteMenu} data-testid="site-menu">
          {MENU_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.siteMenuLink} data-testid={link.testId}>
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={styles.siteFooter} data-testid="site-footer">
      <SocialLinks />
      <p>
        <Link to="/accessibility" className={styles.footerLink} data-testid="footer-accessibility">
          {t("common.accessibility")}
        </Link>
      </p>
      <p>{t("app.copyright")}</p>
    </footer>
  );
}

/** The public site's frame; every /service area brings its own header and has no footer (spec 1 §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const inService = pathname.startsWith("/service");
  useClearToastsOnNavigation();
  return (
    <>
      {!inService && <SiteHeader />}
      <Outlet />
      {!inService && <SiteFooter />}
      <ScrollRestoration />
    </>
  );
}

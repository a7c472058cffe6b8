import { Link, Outlet, ScrollRestoration, useLocation } from "react-router";
import { LanguageToggle } from "../../components/language-toggle.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./shell.module.css";

function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className={styles.siteHeader}>
      <Link to="/" className={styles.logo} aria-label={t("app.home")}>
        <span className={styles.logoMark} aria-hidden="true" />
        {t("app.name")}
      </Link>
      <nav className={styles.siteNav}>
        <Link to="/business-login" preventScrollReset className={styles.navLink}>
          {t("home.haveStore")}
        </Link>
        <LanguageToggle />
      </nav>
    </header>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={styles.siteFooter}>
      <p>{t("app.copyright")}</p>
    </footer>
  );
}

/** The public site's frame; every /service area brings its own header and has no footer (spec 1 §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const inService = pathname.startsWith("/service");
  return (
    <>
      {!inService && <SiteHeader />}
      <Outlet />
      {!inService && <SiteFooter />}
      <ScrollRestoration />
    </>
  );
}

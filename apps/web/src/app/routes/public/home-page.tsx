import { Link, Outlet } from "react-router";
import { useManagementInfo } from "../../../features/auth/api/get-management-info.ts";
import { signInStepKey } from "../../../features/auth/sign-in-ways.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./public.module.css";

/** The public home: what the product does for guests, and the way in for venues (spec 1 §1). */
export default function HomePage() {
  const { t } = useTranslation();
  const info = useManagementInfo();
  const steps = [t("home.step1"), t(signInStepKey(info.data?.identityProviders)), t("home.step3")];
  return (
    <main className={styles.home} data-testid="home-page">
      <section className={styles.hero}>
        <h1 className={styles.slogan}>{t("home.slogan")}</h1>
        <p className={styles.intro}>{t("home.intro")}</p>
      </section>
      <section className={styles.steps} aria-labelledby="how-title">
        <h2 id="how-title">{t("home.howTitle")}</h2>
        <ol className={styles.stepList}>
          {steps.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <p data-testid={`home-step-${index + 1}`}>{step}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.retailer} aria-labelledby="retailer-title">
        <h2 id="retailer-title">{t("home.retailerTitle")}</h2>
        <p>{t("home.retailerText")}</p>
        <div className={styles.ctaRow}>
          <Link to="/contact-us" className={styles.cta} data-testid="home-contact">
            {t("home.contactUs")}
          </Link>
          <Link to="business-login" preventScrollReset className={styles.ctaSecondary} data-testid="open-business-login">
            {t("home.businessLogin")}
          </Link>
        </div>
      </section>
      <Outlet />
    </main>
  );
}

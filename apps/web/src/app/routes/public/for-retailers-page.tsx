import { Link } from "react-router";
import { CheckIcon } from "../../../components/icons.tsx";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { FOR_RETAILERS } from "./for-retailers-content.ts";
import styles from "./public.module.css";

/** What the product does for venue owners, and the ways to get in touch or sign in (spec 1 §1). */
export default function ForRetailersPage() {
  const { t } = useTranslation();
  const { site: lang } = useLanguage();
  const content = FOR_RETAILERS[lang];
  return (
    <main className={styles.page} data-testid="for-retailers-page">
      <h1 className={styles.pageTitle}>{t("retailers.title")}</h1>
      <p className={styles.pageIntro}>{content.lead}</p>
      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title" className={styles.sectionTitle}>
          {content.benefitsTitle}
        </h2>
        <ul className={styles.benefits}>
          {content.benefits.map((benefit) => (
            <li key={benefit.title} className={styles.benefit}>
              <strong>{benefit.title}</strong>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.retailer} aria-labelledby="offer-title">
        <h2 id="offer-title">{content.offerTitle}</h2>
        <p>{content.offerText}</p>
        <ul className={styles.offerList}>
          {content.offer.map((item) => (
            <li key={item}>
              <CheckIcon size={18} />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <div className={styles.ctaRow}>
          <Link to="/contact-us" className={styles.cta} data-testid="retailers-contact">
            {content.contact}
          </Link>
          <Link to="/business-login" className={styles.ctaSecondary}>
            {content.login}
          </Link>
        </div>
      </section>
    </main>
  );
}

import { Link } from "react-router";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { FAQ } from "./faq-content.ts";
import styles from "./public.module.css";

/** Ten questions in an accordion: one answer open at a time (spec 1 §2). */
export default function FaqPage() {
  const { t } = useTranslation();
  const { site: lang } = useLanguage();
  return (
    <main className={styles.page} data-testid="faq-page">
      <h1 className={styles.pageTitle}>{t("faq.title")}</h1>
      <p className={styles.pageIntro}>{t("faq.intro")}</p>
      <div className={styles.accordion}>
        {FAQ[lang].map((entry) => (
          <details key={entry.question} name="faq" className={styles.faqItem} data-testid="faq-item">
            <summary className={styles.faqQuestion}>{entry.question}</summary>
            <p className={styles.faqAnswer}>{entry.answer}</p>
          </details>
        ))}
      </div>
      <p className={styles.pageIntro}>
        <Link to="/contact-us" className={styles.textLink}>
          {t("faq.more")}
        </Link>
      </p>
    </main>
  );
}

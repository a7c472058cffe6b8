import { formatEuros } from "@tableorder/domain/money";
import { Link } from "react-router";
import { addAreaCatalog, useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { useTodayGlance } from "../api/get-today-glance.ts";
import * as texts from "../texts.ts";
import styles from "./stats.module.css";

addAreaCatalog(texts);

/**
 * The admin landing page's "today at a glance" (issue 14): income so far, what was left on credit
 * today (issue 28 A9), open tables, pieces in
 * preparation, documents awaiting transmission, and the average time from order to ready per area.
 */
export function TodayGlance({ statsPath }: { statsPath: string }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const glance = useTodayGlance(true);
  if (!glance.data) return null;
  const { incomeTotal, owedTotal, openTables, itemsInPreparation, documentsPending, preparationTimes } = glance.data;
  const figure = (label: string, value: string, testId: string) => (
    <div className={styles.panel}>
      <h2>{label}</h2>
      <p className={styles.figure} data-testid={testId}>
        {value}
      </p>
    </div>
  );
  return (
    <section className={styles.glance} data-testid="today-glance" aria-label={t("stats.glance.title")}>
      {figure(t("stats.glance.income"), formatEuros(incomeTotal, locale), "glance-income")}
      {/* Owed, not collected: beside the income, never in it; shown once something was left on credit. */}
      {owedTotal !== 0 && figure(t("stats.glance.owed"), formatEuros(owedTotal, locale), "glance-owed")}
      {figure(t("stats.glance.openTables"), String(openTables), "glance-open-tables")}
      {figure(t("stats.glance.inPreparation"), String(itemsInPreparation), "glance-in-preparation")}
      {figure(t("stats.glance.documents"), String(documentsPending), "glance-documents")}
      <div className={`${styles.panel} ${styles.times}`}>
        <h2>{t("stats.glance.prepTimes")}</h2>
        {preparationTimes.length === 0 ? (
          <p>{t("stats.glance.noPrepTimes")}</p>
        ) : (
          <ul className={styles.legend} data-testid="glance-prep-times">
            {preparationTimes.map((area) => (
              <li key={area.areaId}>
                <strong>{area.areaName}</strong>:{" "}
                {t("stats.glance.minutes", { minutes: Math.round(area.averageSeconds / 6) / 10 })}
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={statsPath}>{t("stats.glance.seeStats")}</Link>
        </p>
      </div>
    </section>
  );
}

import type { IncomeStats } from "@tableorder/domain/contracts/stats";
import { formatEuros } from "@tableorder/domain/money";
import { groupStats } from "@tableorder/domain/stats/stats-groups";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./stats.module.css";

/**
 * The income totals in the spec's groups (spec 3 §9): total income, uncollected, table services;
 * and, when any were left, the tips apart from them (issue 32).
 */
export function IncomeTotals({ stats }: { stats: IncomeStats }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const groups = groupStats(stats);
  const money = (cents: number) => formatEuros(cents, locale);
  const rows = (items: [string, string, string][]) => (
    <dl>
      {items.map(([key, value, testId]) => (
        <div key={key} style={{ display: "contents" }}>
          <dt>{t(`stats.totals.${key}`)}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div className={styles.totals}>
      <section className={`${styles.panel} ${styles.group}`} data-testid="stats-income">
        <h2>{t("stats.totals.income")}</h2>
        <p className={styles.groupTotal} data-testid="stats-income-total">
          {money(groups.totalIncome)}
        </p>
        {rows([
          ["cash", money(stats.cashTotal), "stats-cash"],
          ["pos", money(stats.posTotal), "stats-pos"],
          ["online", money(stats.onlineTotal), "stats-online"],
          ["onCredit", money(stats.onCreditTotal), "stats-on-credit"],
        ])}
      </section>
      <section className={`${styles.panel} ${styles.group}`} data-testid="stats-uncollected">
        <h2>{t("stats.totals.uncollected")}</h2>
        <p className={styles.groupTotal} data-testid="stats-uncollected-total">
          {money(groups.uncollected)}
        </p>
        {rows([
          ["gifts", money(stats.giftsTotal), "stats-gifts"],
          ["cancelled", money(stats.cancelledTotal), "stats-cancelled"],
          ["discounts", money(stats.discountsTotal), "stats-discounts"],
        ])}
      </section>
      <section className={`${styles.panel} ${styles.group}`} data-testid="stats-services">
        <h2>{t("stats.totals.tables")}</h2>
        <p className={styles.groupTotal} data-testid="stats-tables-total">
          {groups.tableServices}
        </p>
        {rows([
          ["takeAways", String(stats.takeAwaysTotal), "stats-take-aways"],
          ["registerSales", String(stats.registerSalesTotal), "stats-register-sales"],
        ])}
      </section>
      {stats.tips?.total ? (
        // Tips are apart from the income (issue 32): their own panel, by method and by who collected them.
        <section className={`${styles.panel} ${styles.group}`} data-testid="stats-tips">
          <h2>{t("stats.totals.tips")}</h2>
          <p className={styles.groupTotal} data-testid="stats-tips-total">
            {money(stats.tips.total)}
          </p>
          {rows([
            ["cash", money(stats.tips.cash), "stats-tips-cash"],
            ["pos", money(stats.tips.pos), "stats-tips-pos"],
            ["online", money(stats.tips.online), "stats-tips-online"],
          ])}
          <dl data-testid="stats-tips-by-waiter">
            {stats.tips.byWaiter.map((waiter) => (
              <div key={waiter.userId ?? "online"} style={{ display: "contents" }}>
                <dt>{waiter.userId == null ? t("stats.totals.tipsOnline") : waiter.name}</dt>
                <dd>{money(waiter.total)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}

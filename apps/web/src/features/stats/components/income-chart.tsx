import type { IncomeStats } from "@tableorder/domain/contracts/stats";
import { formatEuros } from "@tableorder/domain/money";
import { useEffect, useRef } from "react";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./stats.module.css";

/** The payment methods' colours, the same in the chart and the split bar. */
export const METHOD_COLOURS = { cash: "#2e7d32", pos: "#1565c0", online: "#7b1fa2", onCredit: "#ef6c00" } as const;
type Method = keyof typeof METHOD_COLOURS;
const METHODS = Object.keys(METHOD_COLOURS) as Method[];
const LABEL_KEYS: Record<Method, string> = {
  cash: "stats.totals.cash",
  pos: "stats.totals.pos",
  online: "stats.totals.online",
  onCredit: "stats.totals.onCredit",
};

/**
 * Income by hour (a day) or by day (a range), stacked by payment method, drawn with uPlot. The
 * library is imported here only, and this file only from the stats route's chunk, so no other
 * screen downloads it.
 */
export function IncomeChart({ chart }: { chart: IncomeStats["chart"] }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: 240 }));
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: uPlot }]) => {
      if (cancelled) return;
      const xs = chart.points.map((_, i) => i);
      // Stacked: each series is itself plus those drawn before it.
      const running = chart.points.map(() => 0);
      const stacked = METHODS.map((method) =>
        chart.points.map((point, i) => {
          running[i] += point[method];
          return running[i] / 100;
        }),
      );
      const label = (i: number) => {
        const key = chart.points[i]?.key ?? "";
        return chart.bucket === "HOUR" ? `${key}:00` : key.slice(5).split("-").reverse().join("/");
      };
      plot = new uPlot(
        {
          width: element.clientWidth,
          height: 240,
          legend: { show: false },
          scales: { x: { time: false } },
          axes: [
            { values: (_u: unknown, ticks: number[]) => ticks.map(label) },
            { values: (_u: unknown, ticks: number[]) => ticks.map((v) => formatEuros(Math.round(v * 100), locale)), size: 80 },
          ],
          series: [
            {},
            ...[...METHODS].reverse().map((method) => ({
              label: t(LABEL_KEYS[method]),
              stroke: METHOD_COLOURS[method],
              fill: `${METHOD_COLOURS[method]}cc`,
              paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
              points: { show: false },
            })),
          ],
        },
        [xs, ...[...stacked].reverse()],
        element,
      );
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [chart, locale, t]);
  return (
    <section className={styles.panel} data-testid="stats-chart">
      <h2>{t(chart.bucket === "HOUR" ? "stats.chart.byHour" : "stats.chart.byDay")}</h2>
      <div ref={box} className={styles.chartBox} data-testid="stats-chart-canvas" />
    </section>
  );
}

/** The period's income split by payment method, as one bar with a legend. */
export function MethodSplit({ stats }: { stats: IncomeStats }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const amounts: Record<Method, number> = {
    cash: stats.cashTotal,
    pos: stats.posTotal,
    online: stats.onlineTotal,
    onCredit: stats.onCreditTotal,
  };
  const total = METHODS.reduce((sum, m) => sum + amounts[m], 0);
  return (
    <section className={styles.panel} data-testid="stats-split">
      <h2>{t("stats.chart.split")}</h2>
      <div className={styles.split} role="img" aria-label={t("stats.chart.split")}>
        {total > 0 &&
          METHODS.map((m) => <span key={m} style={{ width: `${(amounts[m] / total) * 100}%`, background: METHOD_COLOURS[m] }} />)}
      </div>
      <ul className={styles.legend}>
        {METHODS.map((m) => (
          <li key={m}>
            <span className={styles.swatch} style={{ background: METHOD_COLOURS[m] }} />
            {t(LABEL_KEYS[m])}: {formatEuros(amounts[m], locale)}
            {total > 0 ? ` (${Math.round((amounts[m] / total) * 100)}%)` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

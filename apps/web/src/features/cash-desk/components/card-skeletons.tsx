import { useEffect, useState } from "react";
import { SKELETON_DELAY_MS } from "../../../components/delayed-skeleton.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./cash-desk.module.css";

/** Spec 3 §9: 15 card placeholders for tables and take-aways, shown only after 300 ms. */
export function CardSkeletons({ count = 15 }: { count?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      className={styles.skeletonGrid}
      role="status"
      aria-busy="true"
      aria-label={t("common.loading")}
      data-testid="card-skeletons"
    >
      {visible &&
        Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
          <div key={index} className={styles.skeletonCard} />
        ))}
    </div>
  );
}

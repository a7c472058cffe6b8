import type { RetailerInfo } from "@tableorder/domain/contracts/table";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

/** The venue the guest sits at: name, kind, cuisines, picture and the table's name. */
export function VenueCard({ info }: { info: RetailerInfo }) {
  const { t, exists } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const typeKey = `retailerType.${info.type}`;
  const cuisines = [
    info.mainCuisine,
    ...info.secondaryCuisine.map((id) => (exists(`cuisine.${id}`) ? t(`cuisine.${id}`) : null)),
  ].filter(Boolean);
  return (
    <section className={styles.venue} aria-label={info.name} data-testid="venue-card">
      {info.thumbnailUrl && !imageFailed ? (
        <img className={styles.thumb} src={info.thumbnailUrl} alt="" onError={() => setImageFailed(true)} />
      ) : (
        // A missing or broken picture falls back to the venue's initial (spec 1 §8).
        <span className={`${styles.thumb} ${styles.thumbFallback}`} aria-hidden="true">
          {info.name.slice(0, 1)}
        </span>
      )}
      <div className={styles.venueText}>
        <h1 className={styles.venueName}>{info.name}</h1>
        <p className={styles.venueMeta}>{[exists(typeKey) ? t(typeKey) : info.type, ...cuisines].join(" · ")}</p>
      </div>
      <span className={styles.tableChip} data-testid="table-name">
        {t("customer.tableName", { name: info.tableName })}
      </span>
    </section>
  );
}

import { RATING_COMMENT_MAX_LENGTH, RATING_MAX_STARS } from "@tableorder/domain/ratings";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useVisitRating } from "../api/get-visit-rating.ts";
import { useRateVisit } from "../api/rate-visit.ts";
import styles from "./visit-rating.module.css";

const STARS = Array.from({ length: RATING_MAX_STARS }, (_, i) => i + 1);

/**
 * A word from the guest (issue 32), on the success page: one tap on the stars saves a rating of the
 * visit just paid; a comment may follow. The venue's Google review link appears only after 5 stars.
 * Nothing shows when there is no visit of this guest to rate here.
 */
export function VisitRating({ tableId }: { tableId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const state = useVisitRating(tableId);
  const rate = useRateVisit(tableId);
  const [draft, setDraft] = useState<string | null>(null);
  if (!state.data?.rateable) return null;

  const saved = state.data.rating;
  // The tapped stars show at once; the server's answer confirms them.
  const stars = rate.isPending ? rate.variables.stars : (saved?.stars ?? 0);
  const comment = draft ?? saved?.comment ?? "";
  const commentChanged = comment.trim() !== (saved?.comment ?? "");
  const choose = (value: number) => rate.mutate({ stars: value, comment: saved?.comment ?? null });
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    if (!saved) return;
    rate.mutate({ stars: saved.stars, comment: comment.trim() || null }, { onSuccess: () => setDraft(null) });
  };

  return (
    <section className={styles.rating} aria-labelledby={`${id}-title`} data-testid="visit-rating">
      <h2 id={`${id}-title`} className={styles.title}>
        {t("visitRating.title")}
      </h2>
      <p className={styles.hint}>{t("visitRating.hint")}</p>
      <fieldset className={styles.stars} data-testid="visit-rating-stars">
        <legend className="visually-hidden">{t("visitRating.stars")}</legend>
        {STARS.map((value) => (
          <label key={value} className={`${styles.star} ${value <= stars ? styles.lit : ""}`}>
            <input
              type="radio"
              name={`${id}-stars`}
              value={value}
              checked={stars === value}
              onChange={() => choose(value)}
              className={styles.input}
              data-testid={`visit-rating-star-${value}`}
            />
            <span aria-hidden="true" className={styles.glyph}>
              {value <= stars ? "★" : "☆"}
            </span>
            <span className="visually-hidden">{t("visitRating.star", { count: value })}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.status} role="status" data-testid="visit-rating-status">
        {saved ? t("visitRating.thanks") : ""}
      </p>
      {saved && (
        <form className={styles.comment} onSubmit={sendComment}>
          <label htmlFor={`${id}-comment`}>{t("visitRating.comment")}</label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            rows={3}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={`${id}-count`}
            data-testid="visit-rating-comment"
          />
          <span id={`${id}-count`} className={styles.count}>
            {t("visitRating.commentCount", { count: comment.length, max: RATING_COMMENT_MAX_LENGTH })}
          </span>
          <Button
            type="submit"
            variant="secondary"
            block
            loading={rate.isPending}
            disabled={!commentChanged}
            data-testid="visit-rating-send-comment"
          >
            {t("visitRating.sendComment")}
          </Button>
        </form>
      )}
      {state.data.googleReviewUrl && (
        <div className={styles.google} data-testid="visit-rating-google">
          <p>{t("visitRating.google")}</p>
          <a
            href={state.data.googleReviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.googleLink}
            data-testid="visit-rating-google-link"
          >
            {t("visitRating.googleLink")}
          </a>
        </div>
      )}
    </section>
  );
}

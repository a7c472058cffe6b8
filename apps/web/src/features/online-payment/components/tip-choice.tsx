import { cleanAmountText, decimalMarkOf } from "@tableorder/domain/money";
import { tipChoices } from "@tableorder/domain/tips";
import { useId } from "react";
import { useFormatEuros } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { chosenTip, type TipChoice, typedTipCents } from "../tip-choice.ts";
import styles from "./tip-choice.module.css";

/**
 * The tip on the guest's card payment (issue 32): none (the default), round up, 5 %, 10 % or an
 * amount typed, as one radio group with each choice's amount on it; below, the bill, the tip and
 * what the card is charged. Locked while the payment is being started.
 */
export function TipChoiceField({
  bill,
  value,
  onChange,
  disabled,
}: {
  bill: number;
  value: TipChoice;
  onChange: (next: TipChoice) => void;
  disabled: boolean;
}) {
  const { t, lang } = useTranslation();
  const format = useFormatEuros();
  const id = useId();
  const choices = tipChoices(bill, typedTipCents(value.typed));
  const { tip, charge } = chosenTip(value, bill);

  return (
    <section className={styles.tip} aria-labelledby={`${id}-title`} data-testid="tip-choice">
      <fieldset className={styles.group} disabled={disabled} aria-describedby={`${id}-hint`}>
        <legend id={`${id}-title`} className={styles.title}>
          {t("onlinePayment.tip.title")}
        </legend>
        <p id={`${id}-hint`} className={styles.hint}>
          {t("onlinePayment.tip.hint")}
        </p>
        <div className={styles.options}>
          {choices.map((choice) => {
            const selected = choice.option === value.option;
            // A choice that adds a fixed amount says how much; "none" and "custom" say it below.
            const shown = choice.option !== "none" && choice.option !== "custom";
            return (
              <label
                key={choice.option}
                className={`${styles.option} ${selected ? styles.selected : ""}`}
                data-testid={`tip-option-${choice.option}`}
              >
                <input
                  type="radio"
                  name={`${id}-tip`}
                  value={choice.option}
                  checked={selected}
                  onChange={() => onChange({ ...value, option: choice.option })}
                  className={styles.input}
                />
                <span className={styles.name}>{t(`onlinePayment.tip.${choice.option}`)}</span>
                {shown && <span className={styles.amount}>+{format(choice.tip)}</span>}
              </label>
            );
          })}
        </div>
        {value.option === "custom" && (
          <div className={styles.custom}>
            <label htmlFor={`${id}-amount`} className={styles.customLabel}>
              {t("onlinePayment.tip.amount")}
            </label>
            <span className={styles.customField}>
              <input
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                maxLength={9}
                placeholder={lang === "en" ? "0.00" : "0,00"}
                value={value.typed}
                onChange={(event) =>
                  onChange({ option: "custom", typed: cleanAmountText(event.target.value, decimalMarkOf(lang)) })
                }
                className={styles.customInput}
                data-testid="tip-custom-amount"
              />
              <span aria-hidden="true">€</span>
            </span>
          </div>
        )}
      </fieldset>
      <dl className={styles.breakdown} aria-live="polite" data-testid="tip-breakdown">
        <div>
          <dt>{t("onlinePayment.tip.bill")}</dt>
          <dd>{format(bill)}</dd>
        </div>
        <div>
          <dt>{t("onlinePayment.tip.title")}</dt>
          <dd data-testid="tip-amount">{format(tip)}</dd>
        </div>
        <div className={styles.charge}>
          <dt>{t("onlinePayment.tip.charge")}</dt>
          <dd data-testid="tip-charge">{format(charge)}</dd>
        </div>
      </dl>
    </section>
  );
}

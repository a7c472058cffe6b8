import { DEFAULT_VAT_RATE, VAT_RATES, type VatRate } from "@tableorder/domain/contracts/cash-desk";
import { PRODUCT_TYPES, type ProductType } from "@tableorder/domain/enums";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useFormatEuros } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { randomId } from "../../../lib/uuid.ts";
import { MAX_SECTIONS, makeSection, type PanelSection, pressKey, sectionsTotal, sectionVat } from "../register-sections.ts";
import styles from "./register-panel.module.css";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "back"] as const;

/**
 * The register's panel (spec 3 §2.3, §9): an amount typed on a till's keypad (or the keyboard),
 * its VAT rate (4 to 24 %, 24 by default) and goods or service, added as a section; the sections
 * so far with their VAT, each removable, and the total. Continuing needs at least one section.
 */
export function RegisterPanel({
  sections,
  onAdd,
  onRemove,
  onContinue,
}: {
  sections: readonly PanelSection[];
  onAdd: (section: PanelSection) => void;
  onRemove: (key: string) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const [amount, setAmount] = useState(0);
  const [vat, setVat] = useState<VatRate>(DEFAULT_VAT_RATE);
  const [type, setType] = useState<ProductType>("GOOD");
  const total = sectionsTotal(sections);
  const full = sections.length >= MAX_SECTIONS;

  const add = () => {
    const section = makeSection({ amount, vat, type, key: randomId(), count: sections.length });
    if (!section) return;
    onAdd(section);
    setAmount(0);
  };
  const addRef = useRef(add);
  addRef.current = add;
  const entryRef = useRef<HTMLElement>(null);

  // The keyboard works like the keypad: digits, Backspace, Delete clears, Enter adds.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, dialog") || event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^\d$/.test(event.key)) setAmount((cents) => pressKey(cents, event.key));
      else if (event.key === "Backspace") setAmount((cents) => pressKey(cents, "back"));
      else if (event.key === "Delete") setAmount(0);
      // Enter adds, unless it is meant for a focused button outside the entry (pay, remove).
      else if (event.key === "Enter" && (target?.tagName !== "BUTTON" || entryRef.current?.contains(target))) addRef.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className={styles.panel} data-testid="register-panel">
      <section ref={entryRef} className={styles.entry} aria-label={t("cashRegister.panel")}>
        <output className={styles.display} aria-label={t("cashRegister.amount")} data-testid="register-amount">
          {format(amount)}
        </output>
        <fieldset className={styles.group}>
          <legend className={styles.groupLabel}>{t("cashRegister.vat")}</legend>
          {VAT_RATES.map((rate) => (
            <button
              key={rate}
              type="button"
              className={styles.chip}
              aria-pressed={vat === rate}
              onClick={() => setVat(rate)}
              data-testid={`register-vat-${rate}`}
            >
              {rate}%
            </button>
          ))}
        </fieldset>
        <fieldset className={styles.group}>
          {PRODUCT_TYPES.map((option) => (
            <button
              key={option}
              type="button"
              className={styles.chip}
              aria-pressed={type === option}
              onClick={() => setType(option)}
              data-testid={`register-type-${option}`}
            >
              {t(`cashRegister.type.${option}`)}
            </button>
          ))}
        </fieldset>
        <div className={styles.keys}>
          {KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className={styles.key}
              onClick={() => setAmount((cents) => pressKey(cents, key))}
              aria-label={key === "back" ? t("cashRegister.key.back") : undefined}
              data-testid={`register-key-${key}`}
            >
              {key === "back" ? "⌫" : key}
            </button>
          ))}
        </div>
        <Button block onClick={add} disabled={amount === 0 || full} data-testid="register-add">
          {t("cashRegister.addSection")} · {t("cashRegister.vatRate", { rate: vat })}
        </Button>
        {amount === 0 && sections.length === 0 && <p className={styles.hint}>{t("cashRegister.amountRequired")}</p>}
        {full && <p className={styles.hint}>{t("cashRegister.maxSections", { count: MAX_SECTIONS })}</p>}
      </section>

      <section className={styles.list} aria-label={t("cashRegister.sections")}>
        <h3 className={styles.sectionTitle}>{t("cashRegister.sections")}</h3>
        {sections.length === 0 && <p className={styles.hint}>{t("cashRegister.noSections")}</p>}
        <ul className={styles.sections} data-testid="register-sections">
          {sections.map((section) => (
            <li
              key={section.key}
              className={styles.section}
              data-testid="register-section"
              data-vat={section.sectionVat}
              data-amount={section.sectionAmount}
            >
              <span className={styles.sectionText}>
                <strong>
                  {t("cashRegister.vatRate", { rate: section.sectionVat })} · {t(`cashRegister.type.${section.sectionType}`)}
                </strong>
                <small>{t("cashRegister.sectionVat", { vat: format(sectionVat(section).vat) })}</small>
              </span>
              <span className={styles.sectionAmount}>{format(section.sectionAmount)}</span>
              <button
                type="button"
                className={styles.remove}
                onClick={() => onRemove(section.key)}
                aria-label={t("cashRegister.removeSection", { amount: format(section.sectionAmount) })}
                data-testid="register-section-remove"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <p className={styles.total}>
          <span>{t("cashRegister.total")}</span>
          <span data-testid="register-total">{format(total)}</span>
        </p>
        <Button size="lg" block onClick={onContinue} disabled={sections.length === 0} data-testid="register-continue">
          {t("cashRegister.continue", { price: format(total) })}
        </Button>
      </section>
    </div>
  );
}

import type { Cents } from "@tableorder/domain/money";
import { formatEuros } from "@tableorder/domain/money";
import { useLanguage } from "../lib/i18n.ts";

/** Cents shown as euros in the reader's locale; the API's money is always integer cents. */
export function Price({ cents, className }: { cents: Cents; className?: string }) {
  const { locale } = useLanguage();
  return (
    <span className={className} style={{ whiteSpace: "nowrap" }}>
      {formatEuros(cents, locale)}
    </span>
  );
}

export function useFormatEuros(): (cents: Cents) => string {
  const { locale } = useLanguage();
  return (cents) => formatEuros(cents, locale);
}

import type { Cents } from "@tableorder/domain/money";
import { formatEuros } from "@tableorder/domain/money";
import { useEffect } from "react";
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

/**
 * A browser's first euro formatter costs a mid-range phone about 100 ms (the engine loads the
 * locale's currency data); made while a screen waits on the network, it is ready when the prices
 * render instead of holding them up.
 */
export function usePreparedPrices(): void {
  const { locale } = useLanguage();
  useEffect(() => {
    const prepare = () => formatEuros(0, locale);
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(prepare, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(prepare, 0);
    return () => clearTimeout(id);
  }, [locale]);
}

export function useFormatEuros(): (cents: Cents) => string {
  const { locale } = useLanguage();
  return (cents) => formatEuros(cents, locale);
}

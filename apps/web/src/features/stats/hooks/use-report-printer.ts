import type { IncomeStats } from "@tableorder/domain/contracts/stats";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { type PrintResult, PrintServiceClient, type PrintServiceStatus } from "../../../lib/print/print-service.ts";
import { usePrintTarget } from "../api/get-print-target.ts";

const noop = () => () => {};
const unconfigured = (): PrintServiceStatus => "UNCONFIGURED";

/**
 * The stats report on the till's 80 mm printer through the venue's print agent (spec 3 §7.7): the
 * totals and consumption of the figures on screen. Open while the stats screen is.
 */
export function useReportPrinter() {
  const target = usePrintTarget().data;
  const [client, setClient] = useState<PrintServiceClient | null>(null);
  useEffect(() => {
    const created = new PrintServiceClient();
    setClient(created);
    return () => {
      created.dispose();
      setClient(null);
    };
  }, []);
  useEffect(() => {
    client?.connect(target?.address ?? null);
  }, [client, target?.address]);
  const status = useSyncExternalStore(client?.subscribe ?? noop, client?.getStatus ?? unconfigured, unconfigured);
  const printerIp = target?.printerIp ?? null;
  const printReport = useCallback(
    (stats: IncomeStats, filters: string): Promise<PrintResult> => {
      if (!client || !printerIp) return Promise.resolve({ ok: false, error: "not_connected" });
      const report = { ...stats, venueName: target?.venueName ?? "", filters: filters || undefined };
      return client.print({ printerIp, job: { kind: "stats-report", report } });
    },
    [client, printerIp, target?.venueName],
  );
  return { status, ready: status === "CONNECTED" && Boolean(printerIp), printReport };
}

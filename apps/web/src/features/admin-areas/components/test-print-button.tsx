import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { printerAddress } from "../../../lib/print/print-job-memory.ts";
import { usePrintAgent } from "../hooks/use-print-agent.ts";
import { testPageJob, testPrintBlocked, testPrintFailure } from "../printing/test-print.ts";
import styles from "./test-print-button.module.css";

export interface TestPrintButtonProps {
  /** The venue's print agent (ws://…); undefined while it is being read. */
  agentAddress: string | null | undefined;
  venueName: string;
  /** The area as saved: what the kitchen prints with. */
  area: { name: string; printerIp: string | null };
  /** The printer address in the form now, which may differ from the saved one. */
  typedPrinterIp: string;
}

/**
 * "Test print" in a preparation area's settings: a short page to the area's printer through the
 * venue's print agent, the way the kitchen prints, with the outcome as a toast. When it cannot be
 * sent the reason stands beside the button.
 */
export function TestPrintButton({ agentAddress, venueName, area, typedPrinterIp }: TestPrintButtonProps) {
  const { t } = useTranslation();
  const { client, status } = usePrintAgent(agentAddress ?? null);
  const [printing, setPrinting] = useState(false);
  const loading = agentAddress === undefined;
  const blocked = loading ? null : testPrintBlocked({ savedPrinterIp: area.printerIp, typedPrinterIp, agentStatus: status });
  const printer = printerAddress(area.printerIp);

  const onPress = async () => {
    if (!client || !printer) return;
    setPrinting(true);
    try {
      const job = testPageJob({ venueName, areaName: area.name, printer: area.printerIp?.trim() ?? "" });
      const result = await client.print({ ...printer, job });
      if (result.ok) toast.success(t("admin.areas.testPrint.sent", { printer: area.printerIp?.trim() }));
      else toast.error(t(`admin.areas.testPrint.failed.${testPrintFailure(result)}`, { printer: area.printerIp?.trim() }));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <div className={styles.testPrint}>
      <Button
        variant="secondary"
        loading={printing}
        disabled={loading || blocked !== null}
        aria-describedby={blocked ? "area-test-print-reason" : undefined}
        onClick={onPress}
        data-testid="area-test-print"
      >
        {t("admin.areas.testPrint.button")}
      </Button>
      {blocked && (
        <p id="area-test-print-reason" className={styles.reason} data-testid="area-test-print-reason">
          {t(`admin.areas.testPrint.blocked.${blocked}`)}
        </p>
      )}
    </div>
  );
}

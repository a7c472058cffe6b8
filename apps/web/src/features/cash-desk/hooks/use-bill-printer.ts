import type { TableBill } from "@tableorder/domain/contracts/cash-desk";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { type PrintResult, PrintServiceClient, type PrintServiceStatus } from "../../../lib/print/print-service.ts";
import { useAdminIp } from "../api/get-admin-ip.ts";

export interface BillPrinter {
  status: PrintServiceStatus;
  /** The agent is connected and the till has a printer: a bill can come out. */
  ready: boolean;
  /** Sends a bill to the till's printer (80 mm); resolves with the agent's answer, never throws. */
  printBill: (bill: TableBill, bigLetters: boolean) => Promise<PrintResult>;
}

const noop = () => () => {};
const unconfigured = (): PrintServiceStatus => "UNCONFIGURED";

/**
 * The till's connection to the venue's print agent (spec 3 §7.7), open while the cash desk is on
 * screen: the agent's address and the till's printer come from api/admin/ip.
 */
export function useBillPrinter(): BillPrinter {
  const ip = useAdminIp().data;
  const address = ip?.address ?? null;
  const printerIp = ip?.printerIp ?? null;
  const [client, setClient] = useState<PrintServiceClient | null>(null);

  // Made in an effect, so StrictMode's extra mount leaves no stray socket behind.
  useEffect(() => {
    const created = new PrintServiceClient();
    setClient(created);
    return () => {
      created.dispose();
      setClient(null);
    };
  }, []);

  useEffect(() => {
    client?.connect(address);
  }, [client, address]);

  const status = useSyncExternalStore(client?.subscribe ?? noop, client?.getStatus ?? unconfigured, unconfigured);
  const printBill = useCallback(
    (bill: TableBill, bigLetters: boolean): Promise<PrintResult> => {
      if (!client || !printerIp) return Promise.resolve({ ok: false, error: "not_connected" });
      return client.print({ printerIp, job: { kind: "bill", bill, bigLetters } });
    },
    [client, printerIp],
  );
  return { status, ready: status === "CONNECTED" && Boolean(printerIp), printBill };
}

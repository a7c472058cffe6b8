import { useEffect, useState, useSyncExternalStore } from "react";
import { PrintServiceClient, type PrintServiceStatus } from "../../../lib/print/print-service.ts";

const noop = () => () => {};
const unconfigured = (): PrintServiceStatus => "UNCONFIGURED";

/**
 * A connection to the venue's print agent at `address` (ws://…, from api/admin/ip) while the
 * area's settings are on screen, for the test print; null address: no agent (UNCONFIGURED).
 */
export function usePrintAgent(address: string | null) {
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
    client?.connect(address);
  }, [client, address]);
  const status = useSyncExternalStore(client?.subscribe ?? noop, client?.getStatus ?? unconfigured, unconfigured);
  return { client, status };
}

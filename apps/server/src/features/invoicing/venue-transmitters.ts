import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { retailers } from "../../db/schema.ts";
import { MydataRestClient } from "../../integrations/mydata/mydata-rest-client.ts";
import type { MydataSandbox } from "../../integrations/mydata/sandbox-transmitter.ts";
import type { FiscalTransmitter } from "../../integrations/mydata/transmitter.ts";
import { openSecret } from "../../lib/secret-box.ts";

export interface MydataCredentials {
  userId: string;
  subscriptionKey: string;
}

/** A venue's myDATA credentials, opened from their sealed column; null when it has none. */
export async function loadMydataCredentials(db: Db, key: Buffer, retailerId: number): Promise<MydataCredentials | null> {
  const [venue] = await db.select({ sealed: retailers.mydataCredentials }).from(retailers).where(eq(retailers.id, retailerId));
  if (!venue?.sealed) return null;
  const parsed = JSON.parse(openSecret(key, venue.sealed)) as Partial<MydataCredentials>;
  return parsed.userId && parsed.subscriptionKey ? { userId: parsed.userId, subscriptionKey: parsed.subscriptionKey } : null;
}

/**
 * Who a venue's documents go to: the built-in sandbox (MYDATA_ENVIRONMENT=sandbox, the default),
 * where each venue is its own issuer, or AADE's REST API (dev or production) with the venue's own
 * credentials. Null when the venue has not given its credentials yet: its documents wait.
 */
export class VenueTransmitters {
  constructor(private readonly options: { db: Db; config: Config["fiscal"]; sandbox: MydataSandbox | null }) {}

  async forVenue(retailerId: number, vatNumber: string): Promise<FiscalTransmitter | null> {
    const { sandbox, config, db } = this.options;
    if (sandbox) return sandbox.transmitterFor(vatNumber);
    const credentials = await loadMydataCredentials(db, config.secretsKey, retailerId);
    if (!credentials || !config.baseUrl) return null;
    return new MydataRestClient({ baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, ...credentials });
  }
}

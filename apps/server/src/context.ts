import type { PrincipalVerifier } from "./auth/account-status.ts";
import type { TokenService } from "./auth/tokens.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { EventBus } from "./realtime/types.ts";

/**
 * What every feature is given: configuration, the database, the token service, the bus, and the
 * principal verifier (which features that change accounts tell, through publishStaffChanged).
 */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  events: EventBus;
  principals: PrincipalVerifier;
}

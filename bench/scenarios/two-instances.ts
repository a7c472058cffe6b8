import type { Scenario } from "../lib/scenario.ts";
import { measureOrderToKitchen } from "./order-to-kitchen.ts";

/**
 * order-to-kitchen across two server processes on one PostgreSQL: guests order on instance A,
 * the cooks listen on instance B, so every ticket reaches them only through the event bus
 * (LISTEN/NOTIFY), as it would behind a load balancer that put the phones on one instance and the
 * kitchen screens on another.
 */
export const twoInstances: Scenario = {
  name: "two-instances",
  description:
    "order-to-kitchen with two server processes on one PostgreSQL (same JWT secret): guests order on instance A, " +
    "the Kitchen and Bar cooks listen on instance B; reports cross-instance order-to-kitchen latency and the exactly-once counts",
  instances: 2,
  needsDatabaseUrl: "both instances share it, and it carries the event bus between them (LISTEN/NOTIFY)",
  run: ({ servers, options, log }) =>
    measureOrderToKitchen({
      scenario: "two-instances",
      orderServer: servers[0],
      kitchenServer: servers[1],
      options,
      venues: options.venues,
      log,
    }),
};

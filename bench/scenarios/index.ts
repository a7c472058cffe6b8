import type { Scenario } from "../lib/scenario.ts";
import { busyEvening } from "./busy-evening.ts";
import { cashDeskTables } from "./cash-desk-tables.ts";
import { guestMenu } from "./guest-menu.ts";
import { notifyThroughput } from "./notify-throughput.ts";
import { orderToKitchen } from "./order-to-kitchen.ts";
import { paymentsScenario } from "./payments.ts";
import { statsScenario } from "./stats.ts";
import { subscribersScenario } from "./subscribers.ts";
import { twoInstances } from "./two-instances.ts";

/** Every scenario `npm run bench -- --scenario <name>` knows; the first is the default. */
export const SCENARIOS: Scenario[] = [
  orderToKitchen,
  busyEvening,
  guestMenu,
  cashDeskTables,
  statsScenario,
  paymentsScenario,
  twoInstances,
  notifyThroughput,
  subscribersScenario,
];

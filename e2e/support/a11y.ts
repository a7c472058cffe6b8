import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { animationsEnded } from "./browser.ts";

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA: what the guest's screens aim at. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * Runs axe on the page as it is now and fails with every serious or critical violation, one per
 * line: rule, the element it was found on, and axe's summary of what is wrong. Minor and moderate
 * findings are left to the manual checks the accessibility statement describes.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // Half-faded text would fail on its contrast.
  await animationsEnded(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const lines = serious.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `  ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? violation.help}`,
    ),
  );
  if (lines.length) throw new Error(`${screen}: ${lines.length} serious accessibility problem(s)\n${lines.join("\n")}`);
}

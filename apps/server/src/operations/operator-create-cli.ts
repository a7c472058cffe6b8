import { parseArgs } from "node:util";
import { createdOperator, createOperatorRequest } from "@tableorder/domain/contracts/operator";
import { createOperator } from "../features/operator/create-operator.ts";
import { parseCommandInput, runOnboardingCommand } from "./onboarding-command.ts";
import { OperatorError } from "./operator-error.ts";

// `npm run operator:create -- --username ops`: a platform operator account with no password, and
// the one-time link (printed here) to choose one. Through the running server on the embedded
// database, or on the database itself (operations/onboarding-command.ts).
try {
  const { values } = parseArgs({ options: { username: { type: "string" } } });
  const body = { username: values.username };
  const { username } = parseCommandInput(createOperatorRequest, body);
  const created = await runOnboardingCommand({
    route: "/operations/operators",
    body,
    answer: createdOperator,
    direct: ({ db, ...links }) => createOperator({ db, username, ...links }),
  });
  console.log(`Platform operator "${created.username}" created. Choose its password with this one-time link`);
  console.log(`(it works once, until ${created.link.expiresAt}), then sign in at /business-login:\n\n  ${created.link.url}\n`);
} catch (error) {
  if (!(error instanceof OperatorError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))) throw error;
  console.error((error as Error).message);
  process.exit(1);
}

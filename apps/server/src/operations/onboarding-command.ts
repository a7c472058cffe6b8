import path from "node:path";
import { ERROR_MESSAGES } from "@tableorder/domain/error-messages";
import type { ErrorBody } from "@tableorder/domain/errors";
import { VALIDATION_MESSAGES } from "@tableorder/domain/validation-messages";
import type { z } from "zod";
import { type Config, loadConfig, readDataLocation } from "../config.ts";
import { type Db, openDatabase } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { localBaseUrl } from "../lib/public-url.ts";
import { OPERATIONS_ENDPOINT_FILE, readOperationsEndpoint } from "./operations-endpoint.ts";
import { OperatorError } from "./operator-error.ts";

/** Whether a process with this id runs (a server killed without removing its file does not). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A field rule's key (validation-messages.ts) in English words. */
const fieldText = (field: string, message: string) =>
  `${field}: ${VALIDATION_MESSAGES[message as keyof typeof VALIDATION_MESSAGES]?.en ?? message}`;

/** A refusal as the operator reads it: the keyed error's English wording, or the fields refused. */
function describeRefusal(body: Partial<ErrorBody>): string {
  const key = body.message?.replace(/^error\./, "") as keyof typeof ERROR_MESSAGES | undefined;
  const fields = body.fieldErrors?.map((f) => fieldText(f.field, f.message)).join(", ");
  return fields ? `invalid input (${fields})` : ((key && ERROR_MESSAGES[key]?.en) ?? body.message ?? "refused");
}

/**
 * Runs an onboarding command (`npm run venue:create`, `operator:create`) on the product's
 * database. The embedded database must never be opened by two processes, so when a server runs on
 * DATA_DIR the command asks it (the route under /operations with the token it announced, as
 * `npm run backup` does); otherwise, and always on PostgreSQL, the command opens the database
 * itself, migrated as the server would. Either way the same domain function runs.
 */
export async function runOnboardingCommand<T>(options: {
  /** The route of features/operator that does it on a running server. */
  route: string;
  body: unknown;
  answer: z.ZodType<T>;
  direct: (context: { db: Db; baseUrl: string; validHours: number }) => Promise<T>;
}): Promise<T> {
  const location = readDataLocation();
  const endpoint = location.inDataDir ? readOperationsEndpoint(location.dataDir) : null;
  if (endpoint && isRunning(endpoint.pid)) {
    let response: Response;
    try {
      response = await fetch(`${endpoint.url}${options.route}`, {
        method: "POST",
        headers: { authorization: `Bearer ${endpoint.token}`, "content-type": "application/json", "accept-language": "en" },
        body: JSON.stringify(options.body),
      });
    } catch (error) {
      throw new OperatorError(
        `The server that announced itself in ${path.join(location.dataDir, OPERATIONS_ENDPOINT_FILE)} (process ${endpoint.pid}, ` +
          `${endpoint.url}) does not answer (${(error as Error).cause ?? error}); the embedded database cannot be opened ` +
          "while it runs. Try again once it answers, or stop it first.",
      );
    }
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new OperatorError(`Refused: ${describeRefusal(body)}`);
    return options.answer.parse(body);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    throw new OperatorError((error as Error).message);
  }
  const database = await openDatabase(config.databaseUrl, { embeddedCacheMb: config.embeddedCacheMb });
  try {
    await database.migrate();
    return await options.direct({ db: database.db, baseUrl: localBaseUrl(config), validHours: config.setPasswordLinkHours });
  } catch (error) {
    if (error instanceof AppError) throw new OperatorError(`Refused: ${describeRefusal({ message: `error.${error.key}` })}`);
    throw error;
  } finally {
    await database.close();
  }
}

/** Parses a command's options with the route's own contract, so both ways refuse the same input. */
export function parseCommandInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => fieldText(issue.path.join(".") || "input", issue.message));
    throw new OperatorError(`Invalid input: ${problems.join(", ")}`);
  }
  return parsed.data;
}

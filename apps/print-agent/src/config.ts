import { readFileSync } from "node:fs";
import { PRINT_AGENT_DEFAULT_PORT } from "@tableorder/domain/print-agent";
import { z } from "zod";
import { CODE_PAGES, type CodePageName } from "./escpos/code-pages.ts";
import { LOG_LEVELS, type LogLevel } from "./logger.ts";
import { DEFAULT_PRINTER_TIMEOUTS, type PrinterTimeouts } from "./printer-connection.ts";

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  PRINT_AGENT_PORT: z.coerce.number().int().min(0).max(65535).default(PRINT_AGENT_DEFAULT_PORT),
  PRINT_AGENT_HOST: z.string().trim().min(1).default("0.0.0.0"),
  /** Comma-separated origins of the web app, e.g. "https://app.example.com". Unset: every origin. */
  PRINT_AGENT_ALLOWED_ORIGINS: optional,
  PRINT_AGENT_CODE_PAGE: z.enum(CODE_PAGES).default("cp737"),
  PRINT_AGENT_LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  PRINT_AGENT_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_PRINTER_TIMEOUTS.connectTimeoutMs),
  PRINT_AGENT_WRITE_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_PRINTER_TIMEOUTS.writeTimeoutMs),
  /** PEM files; both set serves wss://. */
  PRINT_AGENT_TLS_CERT: optional,
  PRINT_AGENT_TLS_KEY: optional,
  PRINT_AGENT_DRY_RUN: z.enum(["", "0", "1", "true", "false"]).default(""),
});

export interface AgentConfig {
  port: number;
  host: string;
  allowedOrigins: string[] | null;
  defaultCodePage: CodePageName;
  logLevel: LogLevel;
  timeouts: PrinterTimeouts;
  tls: { cert: Buffer; key: Buffer } | null;
  /** Decode and log jobs instead of sending them to printers. */
  dryRun: boolean;
}

export class ConfigError extends Error {}

/** Reads every setting once, from the environment and the command line, listing everything wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): AgentConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const unknownArgs = argv.filter((arg) => arg !== "--dry-run");
  if (unknownArgs.length) problems.push(`- unknown arguments: ${unknownArgs.join(" ")} (only --dry-run is known)`);

  const allowedOrigins = e.PRINT_AGENT_ALLOWED_ORIGINS?.split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of allowedOrigins ?? []) {
    if (!/^https?:\/\/[^/\s]+\/?$/i.test(origin))
      problems.push(`- PRINT_AGENT_ALLOWED_ORIGINS: "${origin}" is not an origin like https://host[:port]`);
  }

  let tls: AgentConfig["tls"] = null;
  if (Boolean(e.PRINT_AGENT_TLS_CERT) !== Boolean(e.PRINT_AGENT_TLS_KEY)) {
    problems.push("- PRINT_AGENT_TLS_CERT and PRINT_AGENT_TLS_KEY must be set together");
  } else if (e.PRINT_AGENT_TLS_CERT && e.PRINT_AGENT_TLS_KEY) {
    try {
      tls = { cert: readFileSync(e.PRINT_AGENT_TLS_CERT), key: readFileSync(e.PRINT_AGENT_TLS_KEY) };
    } catch (error) {
      problems.push(`- PRINT_AGENT_TLS_CERT/KEY: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);

  return {
    port: e.PRINT_AGENT_PORT,
    host: e.PRINT_AGENT_HOST,
    allowedOrigins: allowedOrigins?.length ? allowedOrigins : null,
    defaultCodePage: e.PRINT_AGENT_CODE_PAGE,
    logLevel: e.PRINT_AGENT_LOG_LEVEL,
    timeouts: { connectTimeoutMs: e.PRINT_AGENT_CONNECT_TIMEOUT_MS, writeTimeoutMs: e.PRINT_AGENT_WRITE_TIMEOUT_MS },
    tls,
    dryRun: argv.includes("--dry-run") || e.PRINT_AGENT_DRY_RUN === "1" || e.PRINT_AGENT_DRY_RUN === "true",
  };
}

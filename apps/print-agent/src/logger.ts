/** Log levels in increasing severity; "silent" logs nothing. */
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * One line per event, `time LEVEL message key=value…`, readable in a terminal and in journald.
 * Info lines carry where a job went and how it ended, never what the ticket said.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const log =
    (at: Exclude<LogLevel, "silent">) =>
    (message: string, fields: LogFields = {}) => {
      if (LOG_LEVELS.indexOf(at) < threshold) return;
      const pairs = Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}=${formatValue(value)}`);
      write([new Date().toISOString(), at.toUpperCase().padEnd(5), message, ...pairs].join(" "));
    };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

function formatValue(value: string | number | boolean | null | undefined): string {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}

export const silentLogger: Logger = createLogger("silent");

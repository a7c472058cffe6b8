import { networkInterfaces } from "node:os";
import { startAgentServer } from "./agent-server.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { decodeEscPos, formatPrintedLines } from "./escpos/decode.ts";
import { createLogger } from "./logger.ts";
import { PrinterQueue, type PrinterSend, sendToPrinter } from "./printer-connection.ts";
import { AGENT_VERSION } from "./version.ts";

// Start: config → printer transport (TCP, or a dry run that shows the decoded ticket) → server.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel);

const send: PrinterSend = config.dryRun
  ? async (target, bytes) => {
      logger.info("dry run: not sent", { printer: `${target.host}:${target.port}`, bytes: bytes.length });
      process.stdout.write(`${formatPrintedLines(decodeEscPos(bytes).lines)}\n`);
    }
  : (target, bytes) => sendToPrinter(target, bytes, config.timeouts);
const queue = new PrinterQueue(send);

if (!config.allowedOrigins) {
  logger.warn("PRINT_AGENT_ALLOWED_ORIGINS is not set: any web page that can reach this computer may print");
}

let agent: Awaited<ReturnType<typeof startAgentServer>>;
try {
  agent = await startAgentServer({
    host: config.host,
    port: config.port,
    allowedOrigins: config.allowedOrigins,
    print: (target, bytes) => queue.print(target, bytes),
    defaultCodePage: config.defaultCodePage,
    logger,
    tls: config.tls,
  });
} catch (error) {
  console.error(`Cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const scheme = config.tls ? "wss" : "ws";
logger.info(
  `print agent ${AGENT_VERSION} listening on ${agent.url}${config.dryRun ? " (dry run: nothing is sent to printers)" : ""}`,
  {
    codePage: config.defaultCodePage,
  },
);
if (config.host === "0.0.0.0" || config.host === "::") {
  // The address to give the preparation screen.
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) {
      if (a.family === "IPv4" && !a.internal) logger.info(`reachable at ${scheme}://${a.address}:${agent.port}`);
    }
  }
}

const shutdown = async (signal: string) => {
  logger.info(`${signal}: closing`);
  await agent.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

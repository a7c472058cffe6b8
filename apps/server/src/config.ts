import { hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isValidUsername, normalizeUsername } from "@tableorder/domain/validators";
import { z } from "zod";
import { DEFAULT_CACHE_MB } from "./db/pglite-thread.ts";

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  /** The embedded database's page cache (PostgreSQL's shared_buffers), the larger part of its memory. */
  EMBEDDED_DB_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_CACHE_MB),
  /** Required with PostgreSQL; the embedded default keeps a generated one under DATA_DIR. */
  JWT_SECRET: optional.pipe(z.string().min(32, "JWT_SECRET must be at least 32 characters").optional()),
  TOKEN_VALIDITY_SECONDS: z.coerce.number().int().positive().default(86_400),
  TOKEN_VALIDITY_REMEMBER_ME_SECONDS: z.coerce.number().int().positive().default(2_592_000),
  PUBLIC_URL: optional,
  /**
   * The platform operator's username (issue 18): on start, an operator account of this name is
   * created when none exists, without a password; the start prints a one-time link to choose one.
   */
  OPERATOR_USERNAME: optional.pipe(
    z
      .string()
      .refine(isValidUsername, "OPERATOR_USERNAME may contain only letters, digits and . _ @ -")
      .transform(normalizeUsername)
      .optional(),
  ),
  /** How long a set-password link (a new venue's administrator, the operator) stays usable. */
  SET_PASSWORD_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  WEB_DIST: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * On SIGTERM, how long the instance keeps serving while GET /health/ready already answers 503,
   * so a load balancer notices and sends no more before the instance stops taking requests.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The bearer token Prometheus sends to GET /metrics; without one the metrics are off (404). */
  METRICS_TOKEN: optional.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  /**
   * How many proxies in front of the product to believe about the caller's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto): 0 when it faces the internet itself, 1 behind one load
   * balancer. The sign-in throttle counts by that address; HSTS is sent when the protocol is https.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Scales the guest rate limits (lib/rate-limits.ts): 2 doubles them, for a venue whose many
   * guests share one address; 0 turns them off, for a load test that plays every phone from one.
   */
  GUEST_RATE_LIMIT_FACTOR: z.coerce.number().min(0).max(100).default(1),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  /** "postmessage" for Google Identity Services' popup code flow. */
  GOOGLE_REDIRECT_URI: z.string().default("postmessage"),
  FACEBOOK_APP_ID: optional,
  FACEBOOK_APP_SECRET: optional,
  FACEBOOK_GRAPH_URL: z.string().url().default("https://graph.facebook.com"),
  /** Viva Smart Checkout; without a client id and secret the sandbox card provider is used. */
  VIVA_CLIENT_ID: optional,
  VIVA_CLIENT_SECRET: optional,
  VIVA_SOURCE_CODE: optional,
  VIVA_ENVIRONMENT: z.enum(["demo", "live"]).default("demo"),
  VIVA_ACCOUNTS_URL: optional.pipe(z.string().url().optional()),
  VIVA_API_URL: optional.pipe(z.string().url().optional()),
  VIVA_CHECKOUT_URL: optional.pipe(z.string().url().optional()),
  /** How long a guest has to pay at the provider; the chosen pieces are held that long. */
  CARD_PAYMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(65_535).default(900),
  /**
   * Viva's cloud terminal API (its "POS API" client credentials, not Smart Checkout's); without
   * them the sandbox card terminal is used. The hosts are VIVA_ACCOUNTS_URL and VIVA_API_URL.
   */
  VIVA_TERMINAL_CLIENT_ID: optional,
  VIVA_TERMINAL_CLIENT_SECRET: optional,
  /** How this system names itself to Viva as a cash register; only it may abort its own sales. */
  VIVA_TERMINAL_CASH_REGISTER_ID: z.string().trim().min(1).max(64).default("tableorder"),
  /** How long a sale may wait at a card terminal before it is aborted and the pieces are free again. */
  CARD_TERMINAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How often sales waiting at a terminal are asked about. */
  CARD_TERMINAL_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(2000),
  /** Where fiscal documents go: the built-in sandbox (default), or AADE's dev or production myDATA. */
  MYDATA_ENVIRONMENT: z.enum(["sandbox", "dev", "production"]).default("sandbox"),
  /** Overrides AADE's base address (a stand-in in tests); only with dev or production. */
  MYDATA_BASE_URL: optional.pipe(z.string().url().optional()),
  MYDATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** The sandbox's answer delay, to measure how far the outbox falls behind a slow AADE. */
  MYDATA_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * 32 bytes (base64 or 64 hex digits) sealing the venues' myDATA credentials. Required with
   * PostgreSQL unless myDATA is the sandbox; the embedded default keeps a generated one under DATA_DIR.
   */
  FISCAL_SECRETS_KEY: optional,
  /** How often the fiscal outbox looks for documents to transmit, and how many it sends at once. */
  FISCAL_OUTBOX_POLL_MS: z.coerce.number().int().min(20).max(600_000).default(2000),
  FISCAL_OUTBOX_BATCH: z.coerce.number().int().min(1).max(100).default(50),
  /** How many batches one instance may have out at once (one waits for AADE while the next is sent). */
  FISCAL_OUTBOX_LANES: z.coerce.number().int().min(1).max(8).default(2),
  FISCAL_OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * The statistics' background roll-up of finished days: "off" leaves them to the first read that
   * covers them. It runs this long after start-up, then this long after each day is finished (15
   * minutes past Athens midnight).
   */
  STATS_ROLLUP_WORKER: z.enum(["on", "off"]).default("on"),
  STATS_ROLLUP_START_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  STATS_ROLLUP_NIGHTLY_DELAY_MINUTES: z.coerce.number().int().min(0).max(1380).default(5),
  /**
   * Checks every JSON answer strictly against its documented schema (lib/response-serializer.ts);
   * on by default except in production, where answers are only written.
   */
  CHECK_RESPONSES: z.enum(["on", "off"]).optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** The embedded database's page cache in MB (EMBEDDED_DB_CACHE_MB); PostgreSQL sets its own. */
  embeddedCacheMb: number;
  jwtSecret: string;
  tokenValiditySeconds: number;
  tokenValidityRememberMeSeconds: number;
  publicUrl: string | null;
  /** OPERATOR_USERNAME: the platform operator's account made on start when none exists. */
  operatorUsername: string | null;
  setPasswordLinkHours: number;
  seedDemo: "auto" | "always" | "never";
  webDist: string | null;
  logLevel: string;
  /** On SIGTERM: how long readiness says 503 before requests stop being taken (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** The token GET /metrics asks for (METRICS_TOKEN); null: metrics are off. */
  metricsToken: string | null;
  /** Proxies whose X-Forwarded-* headers are believed (0: none). */
  trustProxyHops: number;
  /** Multiplies every guest rate limit; 0 turns them off. */
  guestRateLimitFactor: number;
  google: {
    clientId: string;
    clientSecret: string;
    tokenUrl: string;
    issuer: string;
    jwksUrl: string;
    redirectUri: string;
  } | null;
  facebook: { appId: string; appSecret: string; graphUrl: string } | null;
  /** The online card provider: Viva Smart Checkout when configured, else the sandbox. */
  cardPayments: {
    timeoutSeconds: number;
    viva: {
      clientId: string;
      clientSecret: string;
      sourceCode: string | null;
      accountsUrl: string;
      apiUrl: string;
      checkoutUrl: string;
    } | null;
  };
  /** Card terminals at the table: Viva's cloud terminal API when configured, else the sandbox. */
  cardTerminals: {
    timeoutSeconds: number;
    pollMs: number;
    viva: {
      clientId: string;
      clientSecret: string;
      cashRegisterId: string;
      accountsUrl: string;
      apiUrl: string;
    } | null;
  };
  /** Fiscal documents: where they are transmitted, the key sealing venue credentials, the outbox's pace. */
  fiscal: {
    environment: "sandbox" | "dev" | "production";
    /** AADE's base address for dev or production (or MYDATA_BASE_URL); null for the sandbox. */
    baseUrl: string | null;
    timeoutMs: number;
    sandboxLatencyMs: number;
    /** 32 bytes. */
    secretsKey: Buffer;
    pollMs: number;
    batchSize: number;
    lanes: number;
    /** How long an instance holds the documents it claimed; a crashed one's claims lapse after it. */
    leaseSeconds: number;
  };
  /** The statistics' background roll-up of finished days (features/stats/stats-rollup-worker.ts). */
  statsRollup: { enabled: boolean; startDelayMs: number; nightlyDelayMs: number };
  /** Every JSON answer is checked against its documented schema before it is sent. */
  checkResponses: boolean;
}

export class ConfigError extends Error {}

/**
 * Reads every setting once, from the environment, and fails listing everything that is missing
 * or wrong. Secrets never have defaults in code: the embedded default generates its signing key
 * on first start and keeps it beside its data.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const { dataDir, databaseUrl, embedded } = dataLocation(e.DATA_DIR, e.DATABASE_URL);
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (embedded) jwtSecret = embeddedSecret(dataDir, databaseUrl);
    else problems.push("- JWT_SECRET: required when DATABASE_URL points to PostgreSQL (32+ characters)");
  }
  const pair = (a: string | undefined, b: string | undefined, names: string) => {
    if (Boolean(a) !== Boolean(b)) problems.push(`- ${names}: set both or neither`);
    return Boolean(a && b);
  };
  const google = pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
  const facebook = pair(e.FACEBOOK_APP_ID, e.FACEBOOK_APP_SECRET, "FACEBOOK_APP_ID and FACEBOOK_APP_SECRET");
  const viva = pair(e.VIVA_CLIENT_ID, e.VIVA_CLIENT_SECRET, "VIVA_CLIENT_ID and VIVA_CLIENT_SECRET");
  const vivaTerminal = pair(
    e.VIVA_TERMINAL_CLIENT_ID,
    e.VIVA_TERMINAL_CLIENT_SECRET,
    "VIVA_TERMINAL_CLIENT_ID and VIVA_TERMINAL_CLIENT_SECRET",
  );
  const vivaHosts =
    e.VIVA_ENVIRONMENT === "live"
      ? {
          accounts: "https://accounts.vivapayments.com",
          api: "https://api.vivapayments.com",
          checkout: "https://www.vivapayments.com",
        }
      : {
          accounts: "https://demo-accounts.vivapayments.com",
          api: "https://demo-api.vivapayments.com",
          checkout: "https://demo.vivapayments.com",
        };
  const secretsKey = fiscalSecretsKey(e.FISCAL_SECRETS_KEY, {
    embedded,
    sandbox: e.MYDATA_ENVIRONMENT === "sandbox",
    dataDir,
    databaseUrl,
    jwtSecret,
    problems,
  });
  if (e.FISCAL_OUTBOX_LEASE_SECONDS * 1000 <= 2 * e.MYDATA_TIMEOUT_MS) {
    // A lease that lapses while its send may still be answered would let a second instance send too.
    problems.push("- FISCAL_OUTBOX_LEASE_SECONDS: must be longer than twice MYDATA_TIMEOUT_MS");
  }
  if (e.MYDATA_BASE_URL && e.MYDATA_ENVIRONMENT === "sandbox") {
    problems.push("- MYDATA_BASE_URL: only with MYDATA_ENVIRONMENT dev or production");
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    embeddedCacheMb: e.EMBEDDED_DB_CACHE_MB,
    jwtSecret: jwtSecret as string,
    tokenValiditySeconds: e.TOKEN_VALIDITY_SECONDS,
    tokenValidityRememberMeSeconds: e.TOKEN_VALIDITY_REMEMBER_ME_SECONDS,
    publicUrl: e.PUBLIC_URL ?? null,
    operatorUsername: e.OPERATOR_USERNAME ?? null,
    setPasswordLinkHours: e.SET_PASSWORD_LINK_HOURS,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ?? null,
    logLevel: e.LOG_LEVEL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxyHops: e.TRUST_PROXY,
    guestRateLimitFactor: e.GUEST_RATE_LIMIT_FACTOR,
    google: google
      ? {
          clientId: e.GOOGLE_CLIENT_ID as string,
          clientSecret: e.GOOGLE_CLIENT_SECRET as string,
          tokenUrl: e.GOOGLE_TOKEN_URL,
          issuer: e.GOOGLE_ISSUER,
          jwksUrl: e.GOOGLE_JWKS_URL,
          redirectUri: e.GOOGLE_REDIRECT_URI,
        }
      : null,
    facebook: facebook
      ? { appId: e.FACEBOOK_APP_ID as string, appSecret: e.FACEBOOK_APP_SECRET as string, graphUrl: e.FACEBOOK_GRAPH_URL }
      : null,
    cardPayments: {
      timeoutSeconds: e.CARD_PAYMENT_TIMEOUT_SECONDS,
      viva: viva
        ? {
            clientId: e.VIVA_CLIENT_ID as string,
            clientSecret: e.VIVA_CLIENT_SECRET as string,
            sourceCode: e.VIVA_SOURCE_CODE ?? null,
            accountsUrl: e.VIVA_ACCOUNTS_URL ?? vivaHosts.accounts,
            apiUrl: e.VIVA_API_URL ?? vivaHosts.api,
            checkoutUrl: e.VIVA_CHECKOUT_URL ?? vivaHosts.checkout,
          }
        : null,
    },
    cardTerminals: {
      timeoutSeconds: e.CARD_TERMINAL_TIMEOUT_SECONDS,
      pollMs: e.CARD_TERMINAL_POLL_MS,
      viva: vivaTerminal
        ? {
            clientId: e.VIVA_TERMINAL_CLIENT_ID as string,
            clientSecret: e.VIVA_TERMINAL_CLIENT_SECRET as string,
            cashRegisterId: e.VIVA_TERMINAL_CASH_REGISTER_ID,
            accountsUrl: e.VIVA_ACCOUNTS_URL ?? vivaHosts.accounts,
            apiUrl: e.VIVA_API_URL ?? vivaHosts.api,
          }
        : null,
    },
    fiscal: {
      environment: e.MYDATA_ENVIRONMENT,
      baseUrl:
        e.MYDATA_ENVIRONMENT === "sandbox"
          ? null
          : (e.MYDATA_BASE_URL ??
            (e.MYDATA_ENVIRONMENT === "dev" ? "https://mydataapidev.aade.gr/" : "https://mydatapi.aade.gr/myDATA/")),
      timeoutMs: e.MYDATA_TIMEOUT_MS,
      sandboxLatencyMs: e.MYDATA_SANDBOX_LATENCY_MS,
      secretsKey: secretsKey as Buffer,
      pollMs: e.FISCAL_OUTBOX_POLL_MS,
      batchSize: e.FISCAL_OUTBOX_BATCH,
      lanes: e.FISCAL_OUTBOX_LANES,
      leaseSeconds: e.FISCAL_OUTBOX_LEASE_SECONDS,
    },
    statsRollup: {
      enabled: e.STATS_ROLLUP_WORKER === "on",
      startDelayMs: e.STATS_ROLLUP_START_DELAY_SECONDS * 1000,
      nightlyDelayMs: e.STATS_ROLLUP_NIGHTLY_DELAY_MINUTES * 60_000,
    },
    checkResponses: (e.CHECK_RESPONSES ?? (e.NODE_ENV === "production" ? "off" : "on")) === "on",
  };
}

/**
 * The key sealing venues' myDATA credentials: FISCAL_SECRETS_KEY (32 bytes, base64 or hex); the
 * embedded default generates one beside its data, like its JWT secret. With PostgreSQL it is
 * required, except with the sandbox (no real credentials are used then): there it is derived from
 * JWT_SECRET, so every instance agrees on it.
 */
function fiscalSecretsKey(
  value: string | undefined,
  context: {
    embedded: boolean;
    sandbox: boolean;
    dataDir: string;
    databaseUrl: string;
    jwtSecret: string | undefined;
    problems: string[];
  },
): Buffer | null {
  if (value) {
    const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
    if (key.length === 32) return key;
    context.problems.push("- FISCAL_SECRETS_KEY: must be 32 bytes, as base64 or 64 hex digits");
    return null;
  }
  if (context.embedded) {
    return Buffer.from(embeddedSecret(context.dataDir, context.databaseUrl, DATA_DIR_FILES.fiscalSecretsKey), "hex");
  }
  if (context.sandbox && context.jwtSecret) {
    return Buffer.from(hkdfSync("sha256", context.jwtSecret, "tableorder", "fiscal-secrets-key", 32));
  }
  context.problems.push("- FISCAL_SECRETS_KEY: required when DATABASE_URL points to PostgreSQL and myDATA is not the sandbox");
  return null;
}

/** A generated secret file's permissions: its owner reads and writes it, nobody else. */
export const SECRET_FILE_MODE = 0o600;

/**
 * What the embedded default keeps under DATA_DIR: its database, and the secrets it generates on
 * first start (hex), which a backup carries with the database (operations/backup-archive.ts).
 */
export const DATA_DIR_FILES = { database: "db", jwtSecret: "jwt-secret", fiscalSecretsKey: "fiscal-secrets-key" } as const;

export interface DataLocation {
  dataDir: string;
  databaseUrl: string;
  /** The embedded database (pglite://), not PostgreSQL. */
  embedded: boolean;
  /** The embedded database is the default one, DATA_DIR/db (no DATABASE_URL). */
  inDataDir: boolean;
}

function dataLocation(dataDirSetting: string, databaseUrlSetting: string | undefined): DataLocation {
  const dataDir = path.resolve(dataDirSetting);
  const databaseUrl = databaseUrlSetting ?? `pglite://${path.join(dataDir, DATA_DIR_FILES.database)}`;
  return { dataDir, databaseUrl, embedded: !databaseUrl.startsWith("postgres"), inDataDir: databaseUrlSetting === undefined };
}

/**
 * Where the data lives (DATA_DIR and DATABASE_URL), read as loadConfig reads it but without its
 * checks and side effects: the backup and restore commands must not generate secrets, and a
 * restore must find its directory as empty as it was.
 */
export function readDataLocation(env: NodeJS.ProcessEnv = process.env): DataLocation {
  const e = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).parse(env);
  return dataLocation(e.DATA_DIR, e.DATABASE_URL);
}

function embeddedSecret(dataDir: string, databaseUrl: string, name: string = DATA_DIR_FILES.jwtSecret): string {
  if (databaseUrl === "pglite://memory://") return randomBytes(32).toString("hex");
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    // Readable by the server's own user only, also when an older version or a copy left it open.
    if ((statSync(file).mode & 0o777) !== SECRET_FILE_MODE) chmodSync(file, SECRET_FILE_MODE);
    return readFileSync(file, "utf8").trim();
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: SECRET_FILE_MODE });
  return secret;
}

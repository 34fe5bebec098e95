import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '@app/shared';
import { parseOrigins, parseTrustProxy, isLoopbackHost, type TrustProxy } from './network';
import { repoRoot } from './paths';
import type { FileStorageConfig } from '../platform/storage';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''], {
    errorMap: () => ({ message: 'must be 1, 0, true or false' }),
  })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** A comma-separated list of origins (scheme://host[:port]), each written exactly so. */
const originList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseOrigins(value ?? '');
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      errorMap: () => ({ message: 'must be development, production or test' }),
    })
    .default('development'),
  PORT: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z
    .string()
    .min(1, 'must not be empty')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOW_DEMO_ON_NETWORK: booleanFlag,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DEMO_SEED: booleanFlag,
  WEB_DIST_DIR: z
    .string()
    .min(1, 'must not be empty')
    .default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      errorMap: () => ({
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      }),
    })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value ?? '');
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  CORS_ORIGINS: originList,
  CSP_IMG_ORIGINS: originList,
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(30_000),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1440')
    .max(1440, 'must be between 1 and 1440')
    .default(30),
  REQUIRE_TOTP_FOR_SUPER_ADMIN: booleanFlag,
  BUSINESS_TIME_ZONE: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : DEFAULT_BUSINESS_TIME_ZONE))
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Tokyo or UTC'),
  IMPORT_MAX_BYTES: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1024, 'must be between 1024 and 1073741824')
    .max(1024 * 1024 * 1024, 'must be between 1024 and 1073741824')
    .default(128 * 1024 * 1024),
  IMPORT_MAX_CONCURRENT: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 16')
    .max(16, 'must be between 1 and 16')
    .default(2),
  SECRETS_KEY: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value === '' || decodesToKey(value),
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .transform((value) => (value ? Buffer.from(value, 'base64') : undefined)),
  // Support and mail (issue 15).
  FILE_STORAGE: z
    .enum(['local', 's3'], { errorMap: () => ({ message: 'must be local or s3' }) })
    .default('local'),
  FILE_STORAGE_DIR: z.string().min(1, 'must not be empty').optional(),
  // S3-compatible storage (FILE_STORAGE=s3); which of these are required is checked below.
  S3_ENDPOINT: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .refine((value) => {
      if (value === undefined) return true;
      const parsed = parseOrigins(value);
      return Array.isArray(parsed) && parsed.length === 1;
    }, 'must be one scheme://host[:port] (no path)'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: booleanFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Aube Admin <no-reply@localhost>'),
  MAIL_RATE_PER_SECOND: z.coerce
    .number({ invalid_type_error: 'must be a number' })
    .positive('must be more than 0')
    .default(20),
  MAIL_MAX_ATTEMPTS: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  // GET /metrics (docs/operations.md): its own port, and/or a bearer token.
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ invalid_type_error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .optional(),
  ),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value === '' || /^[\x21-\x7e]{32,}$/.test(value),
      'must be at least 32 printable characters without spaces (openssl rand -hex 32)',
    )
    .transform((value) => (value ? value : undefined)),
});

// SMTP_URL may carry the SMTP password.
const SECRET_VARIABLES = new Set([
  'SECRETS_KEY',
  'SMTP_URL',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
]);

/** 43 base64 digits and one '=' of padding are exactly 32 bytes. */
function decodesToKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value.trim());
}

/** The validated configuration; read once at start-up and passed down, never re-read. */
export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Loopback by default when demo accounts exist, every interface otherwise. */
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  /** Demo data is loaded on the embedded database, or on PostgreSQL only when DEMO_SEED=1. */
  demoSeed: boolean;
  /** The operator accepts demo accounts on a non-loopback address (ALLOW_DEMO_ON_NETWORK=1). */
  allowDemoOnNetwork: boolean;
  webDistDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Which proxies' X-Forwarded-For entries are believed (config/network.ts). */
  trustProxy: TrustProxy;
  /** Origins other than our own that may call the API from a browser; none by default. */
  corsOrigins: string[];
  /** Origins images may come from besides our own and data: URLs (the CSP). */
  cspImageOrigins: string[];
  /** Longest a database statement may run on PostgreSQL, in ms; 0 = no limit. */
  statementTimeoutMs: number;
  /** A session unused this long ends, within its 24 h lifetime. */
  sessionIdleMinutes: number;
  /** super_admin accounts must have two-factor authentication on to do anything else. */
  requireTotpForSuperAdmin: boolean;
  /** The business time zone (IANA): file-name stamps (packages/shared business-time.ts). */
  businessTimeZone: string;
  /** The key that seals stored secrets; see config/secrets-key.ts for the default without it. */
  secretsKey: Buffer | undefined;
  /** The largest CSV upload (platform/imports), refused before it is read. */
  importMaxBytes: number;
  /** Uploads (multipart requests) one process reads at once; one more is answered IMPORT_BUSY. */
  importMaxConcurrent: number;
  /** Support and mail (issue 15): where inquiry files live, and the SMTP delivery settings. */
  fileStorage: FileStorageConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailRatePerSecond: number;
  mailMaxAttempts: number;
  /**
   * Where GET /metrics is served: on its own port (METRICS_PORT), else on the main port only
   * with the bearer token; neither set, not at all.
   */
  metricsPort: number | undefined;
  /** The bearer token /metrics requires (METRICS_TOKEN; on the metrics port too when set). */
  metricsToken: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The local folder, or the S3-compatible storage with everything it needs (a missing bucket or
 * key is refused at start-up, not at the first upload).
 */
function fileStorageConfig(e: z.infer<typeof envSchema>): FileStorageConfig {
  if (e.FILE_STORAGE === 'local') {
    return {
      kind: 'local',
      dir: path.resolve(e.FILE_STORAGE_DIR ?? path.join(e.DATA_DIR, 'files')),
    };
  }
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name] === undefined,
  );
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: is required with FILE_STORAGE=s3`));
  }
  return {
    kind: 's3',
    // Without an endpoint: Amazon S3 itself, in the region.
    endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // A secret is never echoed, not even a malformed one.
        const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name])})`;
        return `${issue.path.join('.')}: ${issue.message}${got}`;
      }),
    );
  }
  const e = parsed.data;
  const demoSeed = e.DATABASE_URL === undefined || e.DEMO_SEED;
  // Demo accounts have a published password: reachable from this machine only, unless the
  // operator says otherwise explicitly.
  const host = e.HOST ?? (demoSeed ? '127.0.0.1' : '0.0.0.0');
  if (demoSeed && !isLoopbackHost(host) && !e.ALLOW_DEMO_ON_NETWORK) {
    throw new ConfigError([
      `HOST: demo accounts (password published in the README) may only listen on loopback; got ${JSON.stringify(host)}. Use HOST=127.0.0.1, set DATABASE_URL without DEMO_SEED, or set ALLOW_DEMO_ON_NETWORK=1 to expose them anyway`,
    ]);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError([
      `METRICS_PORT: must differ from PORT (${e.PORT}): the metrics are not served on the public port`,
    ]);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    demoSeed,
    allowDemoOnNetwork: e.ALLOW_DEMO_ON_NETWORK,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    cspImageOrigins: e.CSP_IMG_ORIGINS,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    requireTotpForSuperAdmin: e.REQUIRE_TOTP_FOR_SUPER_ADMIN,
    secretsKey: e.SECRETS_KEY,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importMaxConcurrent: e.IMPORT_MAX_CONCURRENT,
    fileStorage: fileStorageConfig(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRatePerSecond: e.MAIL_RATE_PER_SECOND,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
  };
}

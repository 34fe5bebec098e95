import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''], {
    errorMap: () => ({ message: 'must be 1, 0, true or false' }),
  })
  .optional()
  .transform((value) => value === '1' || value === 'true');

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
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
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
  TRUST_PROXY: booleanFlag,
  SECRETS_KEY: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value === '' || decodesToKey(value),
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .transform((value) => (value ? Buffer.from(value, 'base64') : undefined)),
});

const SECRET_VARIABLES = new Set(['SECRETS_KEY']);

/** 43 base64 digits and one '=' of padding are exactly 32 bytes. */
function decodesToKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value.trim());
}

/** The validated configuration; read once at start-up and passed down, never re-read. */
export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  /** Demo data is loaded on the embedded database, or on PostgreSQL only when DEMO_SEED=1. */
  demoSeed: boolean;
  webDistDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  /** The key that seals stored secrets; see config/secrets-key.ts for the default without it. */
  secretsKey: Buffer | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    demoSeed: e.DATABASE_URL === undefined || e.DEMO_SEED,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secretsKey: e.SECRETS_KEY,
  };
}

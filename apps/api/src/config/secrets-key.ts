import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './env';

const KEY_FILE = 'secrets.key';

/**
 * The key that seals stored secrets. `SECRETS_KEY` when set. Without it: tests use a key of
 * their own process; a production server on PostgreSQL refuses to start (replicas must share
 * one key, and it must not live beside the data it protects); otherwise (the embedded
 * database, or PostgreSQL on a developer's machine) a key file in DATA_DIR, made on first use.
 */
export function resolveSecretsKey(config: Config): Buffer {
  if (config.secretsKey) return config.secretsKey;
  if (config.nodeEnv === 'test') return randomBytes(32);
  if (config.nodeEnv === 'production' && config.databaseUrl) {
    throw new ConfigError([
      'SECRETS_KEY: required in production with DATABASE_URL; make one with openssl rand -base64 32 and give every replica the same',
    ]);
  }
  const file = path.join(config.dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx': two processes starting at once must not each write a different key.
      fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) {
    throw new ConfigError([`${file}: must hold 32 bytes in base64; remove it to make a new key`]);
  }
  return key;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { resolveSecretsKey } from './secrets-key';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('resolveSecretsKey', () => {
  it('uses SECRETS_KEY when it is set', () => {
    const key = randomBytes(32);
    const config = loadConfig({ SECRETS_KEY: key.toString('base64'), DATA_DIR: tempDir() });
    expect(resolveSecretsKey(config)).toEqual(key);
  });

  it('makes a key file in DATA_DIR once, readable only by its owner, and reuses it', () => {
    const dir = path.join(tempDir(), 'data');
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecretsKey(config);
    expect(first).toHaveLength(32);
    const file = path.join(dir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecretsKey(config)).toEqual(first);
    fs.writeFileSync(file, 'short\n');
    expect(() => resolveSecretsKey(config)).toThrow(ConfigError);
  });

  it('refuses to start production on PostgreSQL without SECRETS_KEY', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@localhost/db',
      DATA_DIR: tempDir(),
    });
    expect(() => resolveSecretsKey(config)).toThrow(/SECRETS_KEY: required in production/);
  });

  it('gives tests a key of their own without writing a file', () => {
    const dir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    expect(resolveSecretsKey(config)).toHaveLength(32);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

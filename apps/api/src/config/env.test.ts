import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('defaults to port 8080 and the embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoSeed).toBe(true);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('does not seed demo accounts on PostgreSQL unless DEMO_SEED=1', () => {
    const url = 'postgres://u@localhost/db';
    expect(loadConfig({ DATABASE_URL: url }).demoSeed).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_SEED: '1' }).demoSeed).toBe(true);
  });

  it('takes BUSINESS_TIME_ZONE (default Asia/Tokyo) and refuses an unknown zone', () => {
    expect(loadConfig({}).businessTimeZone).toBe('Asia/Tokyo');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'UTC' }).businessTimeZone).toBe('UTC');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Europe/Paris' }).businessTimeZone).toBe(
      'Europe/Paris',
    );
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Asia/Tokio' })).toThrow(
      /BUSINESS_TIME_ZONE: must be an IANA time zone/,
    );
  });

  it('serves /metrics on METRICS_PORT or with METRICS_TOKEN, neither by default', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token })).toMatchObject({
      metricsPort: 9464,
      metricsToken: token,
    });
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' })).toMatchObject({
      metricsPort: undefined,
      metricsToken: undefined,
    });
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(
      /METRICS_PORT: must be a whole number/,
    );
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    // A short token is refused, and never echoed.
    let error: unknown;
    try {
      loadConfig({ METRICS_TOKEN: 'short-secret' });
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/METRICS_TOKEN: must be at least 32 printable characters/);
    expect(String(error)).not.toContain('short-secret');
  });

  it('names every bad variable with a clear reason', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        DEMO_SEED: 'yes',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT: must be a whole number/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres:\/\//);
    expect(problems).toMatch(/LOG_LEVEL: must be one of/);
    expect(problems).toMatch(/DEMO_SEED: must be 1, 0, true or false/);
  });

  it('takes a 32-byte base64 SECRETS_KEY and never echoes a bad one', () => {
    const key = randomBytes(32);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({}).secretsKey).toBeUndefined();
    for (const bad of [randomBytes(16).toString('base64'), 'not base64 at all!']) {
      let error: unknown;
      try {
        loadConfig({ SECRETS_KEY: bad });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/SECRETS_KEY: must be 32 random bytes/);
      expect((error as ConfigError).message).not.toContain(bad);
    }
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });
});

describe('a safe default start', () => {
  it('listens on loopback when demo accounts exist, on every interface on PostgreSQL', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_SEED: '1' }).host).toBe(
      '127.0.0.1',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
  });

  it('refuses demo accounts on a network address without ALLOW_DEMO_ON_NETWORK=1', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/ALLOW_DEMO_ON_NETWORK/);
    expect(() =>
      loadConfig({ HOST: '192.0.2.10', DATABASE_URL: 'postgres://u@h/db', DEMO_SEED: '1' }),
    ).toThrow(ConfigError);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEMO_ON_NETWORK: '1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    expect(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
  });

  it('takes CORS_ORIGINS and CSP_IMG_ORIGINS as exact origins only', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CSP_IMG_ORIGINS: 'https://cdn.example/path' })).toThrow(
      /CSP_IMG_ORIGINS/,
    );
  });

  it('keeps files in DATA_DIR/files by default, or in S3-compatible storage with all it needs', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).fileStorage).toEqual({
      kind: 'local',
      dir: '/srv/data/files',
    });
    const s3 = {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'aube-files',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'top-secret',
    };
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-1' }).fileStorage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'aube-files',
      region: 'eu-west-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'top-secret',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1' }).fileStorage,
    ).toMatchObject({ endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });

    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'aube-files' })).toThrow(
      /S3_ACCESS_KEY_ID: is required with FILE_STORAGE=s3[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
    let error: unknown;
    try {
      loadConfig({
        ...s3,
        FILE_STORAGE: 'ftp',
        S3_ENDPOINT: 'http://minio:9000/path',
        S3_BUCKET: 'Bad_Bucket',
        S3_SECRET_ACCESS_KEY: 'x',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/FILE_STORAGE: must be local or s3/);
    expect(problems).toMatch(/S3_ENDPOINT: must be one scheme:\/\/host\[:port\]/);
    expect(problems).toMatch(/S3_BUCKET: must be an S3 bucket name/);
    expect(problems).not.toMatch(/top-secret/);
  });
});

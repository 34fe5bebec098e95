import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { checkStorageKey, type FileStorage } from './storage';

/** Where and as whom the S3-compatible storage is reached (FILE_STORAGE=s3, config/env.ts). */
export type S3StorageOptions = {
  /** scheme://host[:port] of the service, e.g. https://s3.eu-west-1.amazonaws.com or a MinIO. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** How long to wait for the answer's headers, in ms (a body already flowing is not cut). */
  timeoutMs?: number;
  /** For tests: the clock that dates the signature. */
  now?: () => Date;
};

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 unreserved characters stay, everything else is %XX (what SigV4 expects). */
function uriEncode(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The object's URL, path-style or virtual-hosted-style. */
export function s3ObjectUrl(options: S3StorageOptions, key: string): URL {
  const endpoint = new URL(options.endpoint);
  const keyPath = checkStorageKey(key).split('/').map(uriEncode).join('/');
  if (options.forcePathStyle) {
    return new URL(`${endpoint.origin}/${uriEncode(options.bucket)}/${keyPath}`);
  }
  return new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}/${keyPath}`);
}

/**
 * AWS Signature Version 4 headers for one S3 request without a query string
 * (docs.aws.amazon.com "Authenticating requests: using the Authorization header").
 */
export function signS3Request(
  options: S3StorageOptions,
  method: string,
  url: URL,
  payloadSha256: string,
  extraHeaders: Record<string, string> = {},
): Record<string, string> {
  const now = (options.now ?? (() => new Date()))();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(extraHeaders).map(([k, v]) => [k.toLowerCase(), v])),
    host: url.host,
    'x-amz-content-sha256': payloadSha256,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]!.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    method,
    url.pathname,
    '',
    canonicalHeaders,
    signedHeaders,
    payloadSha256,
  ].join('\n');
  const scope = `${day}/${options.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  // undici sets Host itself from the URL (the same value); it may not be passed to fetch.
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The S3 error code of an XML error answer, for the message (never the credentials). */
async function failure(response: Response, what: string): Promise<Error> {
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  return new Error(`S3 ${what} failed: HTTP ${response.status}${code ? ` ${code}` : ''}`);
}

/**
 * The S3-compatible storage: PUT, GET, HEAD and DELETE object over fetch with a SigV4 signer of
 * our own (about a hundred lines instead of the SDK's dozens of packages; docs/decisions/file-storage.md).
 */
export function createS3FileStorage(options: S3StorageOptions): FileStorage {
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    key: string,
    body?: Uint8Array,
  ): Promise<Response> {
    const url = s3ObjectUrl(options, key);
    // fetch sets Content-Length itself from the bytes; it is not signed (SigV4 does not need it).
    const extra: Record<string, string> = body
      ? { 'content-type': 'application/octet-stream' }
      : {};
    const headers = signS3Request(
      options,
      method,
      url,
      body ? sha256Hex(body) : EMPTY_SHA256,
      extra,
    );
    // The timeout covers the wait for the answer's headers only, so a large download is not cut.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`S3 ${method} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      return await fetch(url, {
        method,
        headers,
        // fetch's types take ArrayBuffer-backed bytes only; a Buffer may sit on a shared pool.
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    put: async (key, body) => {
      // S3 replaces an object atomically: a reader sees the old or the new bytes, never half.
      const response = await send('PUT', key, body);
      if (!response.ok) throw await failure(response, 'PUT');
      await response.body?.cancel();
    },
    open: async (key) => {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok || !response.body) throw await failure(response, 'GET');
      const sizeBytes = Number(response.headers.get('content-length'));
      if (!Number.isSafeInteger(sizeBytes)) {
        await response.body.cancel();
        throw new Error('S3 GET failed: no Content-Length');
      }
      return {
        stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        sizeBytes,
      };
    },
    exists: async (key) => {
      const response = await send('HEAD', key);
      if (response.status === 404) return false;
      if (!response.ok) throw await failure(response, 'HEAD');
      return true;
    },
    remove: async (key) => {
      // S3 answers 204 whether or not the object was there, like the local rm --force.
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE');
      await response.body?.cancel();
    },
  };
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { createLocalFileStorage, createS3FileStorage, type FileStorage } from '.';
import { s3ObjectUrl, signS3Request } from './s3-storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: TestS3Server;
const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));

beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

const backends: Array<[string, () => FileStorage]> = [
  ['local folder', () => createLocalFileStorage(localDir)],
  ['S3-compatible (s3rver)', () => createS3FileStorage(s3.options)],
];

describe.each(backends)('the storage contract on the %s backend', (_name, make) => {
  it('stores bytes, streams them back with their size, and replaces them on a second put', async () => {
    const storage = make();
    // Every byte value, and more than one network chunk.
    const body = Buffer.alloc(300_000);
    for (let i = 0; i < body.length; i += 1) body[i] = (i * 7) % 256;
    await storage.put('contacts/1/2-receipt.pdf', body);
    expect(await storage.exists('contacts/1/2-receipt.pdf')).toBe(true);
    const opened = await storage.open('contacts/1/2-receipt.pdf');
    expect(opened?.sizeBytes).toBe(body.length);
    expect((await readAll(opened!.stream)).equals(body)).toBe(true);

    await storage.put('contacts/1/2-receipt.pdf', Buffer.from('second'));
    const again = await storage.open('contacts/1/2-receipt.pdf');
    expect(again?.sizeBytes).toBe(6);
    expect((await readAll(again!.stream)).toString()).toBe('second');
  });

  it('answers undefined and false for a key that holds nothing', async () => {
    const storage = make();
    expect(await storage.open('contacts/1/never-stored')).toBeUndefined();
    expect(await storage.exists('contacts/1/never-stored')).toBe(false);
  });

  it('removes an object, and removing a missing one is no error', async () => {
    const storage = make();
    await storage.put('contacts/3/4-photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await storage.remove('contacts/3/4-photo.png');
    expect(await storage.exists('contacts/3/4-photo.png')).toBe(false);
    expect(await storage.open('contacts/3/4-photo.png')).toBeUndefined();
    await expect(storage.remove('contacts/3/4-photo.png')).resolves.toBeUndefined();
  });

  it('stores an empty file', async () => {
    const storage = make();
    await storage.put('contacts/5/empty', new Uint8Array());
    const opened = await storage.open('contacts/5/empty');
    expect(opened?.sizeBytes).toBe(0);
    expect((await readAll(opened!.stream)).length).toBe(0);
  });

  it('refuses keys that could leave the storage root', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', 'contacts/../../x', '/abs', 'a//b', '', 'a/.hidden']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('the S3 client', () => {
  // s3rver checks the access key but not a V4 signature's value; the signer itself is checked
  // against the worked examples of the S3 documentation below.
  it('is refused by the server with an unknown access key, naming the S3 error', async () => {
    const storage = createS3FileStorage({ ...s3.options, accessKeyId: 'NOT-A-KEY' });
    await expect(storage.put('contacts/9/x', Buffer.from('x'))).rejects.toThrow(
      /S3 PUT failed: HTTP 403 InvalidAccessKeyId/,
    );
    await expect(storage.open('contacts/9/x')).rejects.toThrow(/S3 GET failed: HTTP 403/);
  });

  it('names the S3 error of a missing bucket', async () => {
    const storage = createS3FileStorage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(storage.put('contacts/9/x', Buffer.from('x'))).rejects.toThrow(
      /HTTP 404 NoSuchBucket/,
    );
  });

  it('builds path-style and virtual-hosted-style URLs', () => {
    const options = { ...s3.options, endpoint: 'https://s3.eu-west-1.amazonaws.com' };
    expect(s3ObjectUrl({ ...options, forcePathStyle: true }, 'contacts/1/a.pdf').href).toBe(
      'https://s3.eu-west-1.amazonaws.com/attachments/contacts/1/a.pdf',
    );
    expect(s3ObjectUrl({ ...options, forcePathStyle: false }, 'contacts/1/a.pdf').href).toBe(
      'https://attachments.s3.eu-west-1.amazonaws.com/contacts/1/a.pdf',
    );
  });

  // The examples in Amazon S3's "Signature Calculations for the Authorization Header".
  const example = {
    endpoint: 'https://s3.amazonaws.com',
    bucket: 'examplebucket',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    forcePathStyle: false,
    now: () => new Date('2013-05-24T00:00:00Z'),
  };

  it('signs like the SigV4 example of the S3 documentation (PUT Object)', () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signS3Request(
      example,
      'PUT',
      new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
      createHash('sha256').update(body).digest('hex'),
      { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
    );
    expect(headers['x-amz-content-sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('signs like the SigV4 example of the S3 documentation (GET Object with a Range)', () => {
    const headers = signS3Request(
      example,
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      { range: 'bytes=0-9' },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

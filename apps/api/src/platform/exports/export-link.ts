import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ExportFilterInput } from './export-definition';

/** What a download link carries, signed: which export, which filters, for whom, until when. */
type ExportLinkClaims = {
  name: string;
  filters: ExportFilterInput;
  adminUserId: number;
  expiresAt: number;
  /** The name the export call answered; the download is saved under exactly this name. */
  fileName?: string | undefined;
};

export type LinkCheck =
  | { ok: true; claims: ExportLinkClaims }
  | { ok: false; reason: 'forged' | 'otherAdmin' | 'expired' };

type Payload = {
  v: 1;
  n: string;
  f: ExportFilterInput;
  a: number;
  e: number;
  r: string;
  fn?: string;
};

/** A download's file name: letters, digits, `-`, `_` and `.` only (it goes into a header). */
const SAFE_FILE_NAME = /^[A-Za-z0-9_.-]{1,120}$/;

/** Derives the link key from the secrets key, so the two are never used for the same thing. */
export function exportLinkKey(secretsKey: Buffer): Buffer {
  return createHmac('sha256', secretsKey).update('export-links/v1').digest();
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/**
 * A stateless link token (`body.signature`, base64url): any replica sharing SECRETS_KEY
 * checks it without a table. It names its admin, so it opens nothing for anybody else, and
 * expires quickly; the session (header or download cookie) is still required to use it.
 */
export function signExportLink(key: Buffer, claims: ExportLinkClaims): string {
  const payload: Payload = {
    v: 1,
    n: claims.name,
    f: claims.filters,
    a: claims.adminUserId,
    e: claims.expiresAt,
    r: randomBytes(6).toString('base64url'),
    ...(claims.fileName ? { fn: claims.fileName } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** Checks a token: signature first (anything unsigned is forged), then the admin, then time. */
export function checkExportLink(
  key: Buffer,
  token: string,
  adminUserId: number,
  now: number,
): LinkCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'forged' };
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'forged' };
  }
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (payload.v !== 1) return { ok: false, reason: 'forged' };
  if (payload.a !== adminUserId) return { ok: false, reason: 'otherAdmin' };
  if (now >= payload.e) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: {
      name: payload.n,
      filters: payload.f,
      adminUserId: payload.a,
      expiresAt: payload.e,
      fileName:
        typeof payload.fn === 'string' && SAFE_FILE_NAME.test(payload.fn) ? payload.fn : undefined,
    },
  };
}

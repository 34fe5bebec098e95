import { createHash, randomBytes } from 'node:crypto';

/** A new access token: 256 random bits, base64url. */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; the token itself is shown once to the client. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

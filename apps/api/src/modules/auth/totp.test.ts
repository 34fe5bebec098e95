import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, otpauthUri, totpCode, totpStep, verifyTotp } from './totp';

// RFC 6238 appendix B, SHA-1 key "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC test vector at T=%i', (seconds, expected) => {
    expect(totpCode(RFC_KEY, totpStep(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  it('round-trips base32', () => {
    expect(base32Decode(base32Encode(RFC_KEY)).equals(RFC_KEY)).toBe(true);
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts one step of drift, refuses replays and other codes', () => {
    const secret = base32Encode(RFC_KEY);
    const now = new Date(1111111109 * 1000);
    const step = totpStep(now);
    const code = totpCode(RFC_KEY, step);
    expect(verifyTotp(secret, code, now, null)).toBe(step);
    expect(verifyTotp(secret, totpCode(RFC_KEY, step - 1), now, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(RFC_KEY, step - 2), now, null)).toBeNull();
    expect(verifyTotp(secret, code, now, step)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('builds an otpauth URI authenticator apps understand', () => {
    const uri = otpauthUri('ABC', 'a@example.com', 'Aube Admin');
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Aube%20Admin:a%40example\.com\?secret=ABC&issuer=Aube\+Admin&algorithm=SHA1&digits=6&period=30$/,
    );
  });
});

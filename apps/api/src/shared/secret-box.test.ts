import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './secret-box';

const box = createSecretBox(randomBytes(32));

describe('secret box', () => {
  it('seals to a new text every time and opens back to the secret', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'admin_users:1:totp');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'admin_users:1:totp');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isSealed(a)).toBe(true);
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.open(a, 'admin_users:1:totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(b, 'admin_users:1:totp')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a secret moved to another row, altered, or opened with another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'admin_users:1:totp');
    expect(() => box.open(sealed, 'admin_users:2:totp')).toThrow();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open([version, iv, flipped.toString('base64url'), tag].join('.'), 'admin_users:1:totp'),
    ).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'admin_users:1:totp')).toThrow();
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'admin_users:1:totp')).toThrow(/not a sealed/);
  });

  it('takes only a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** How every sealed value begins; anything else is plaintext from before sealing. */
export const SEALED_PREFIX = `${VERSION}.`;
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** Seals short secrets (TOTP seeds) for storage, so a copy of the database does not reveal them. */
export type SecretBox = {
  /** AES-256-GCM with a fresh IV; `context` (the row and column) is authenticated with it. */
  seal: (plaintext: string, context: string) => string;
  /** The plaintext of a sealed value; throws when it was altered or sealed for another context. */
  open: (sealed: string, context: string) => string;
};

/** True for a value `seal` produced (any key); anything else is plaintext from before sealing. */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/** A secret box over a 32-byte key (the `SECRETS_KEY` setting). */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the secrets key must be ${KEY_BYTES} bytes`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag || rest.length > 0) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

import { randomInt } from 'node:crypto';
import { PASSWORD_PATTERN } from '@app/shared';

// No look-alike characters (0/O, 1/l/I), since an operator may read it out or type it.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const LENGTH = 16;

/** A random 16-character password with letters and digits (about 93 bits), valid per spec section 5. */
export function generateOneTimePassword(): string {
  const alphabet = LETTERS + DIGITS;
  for (;;) {
    let password = '';
    for (let i = 0; i < LENGTH; i += 1) password += alphabet[randomInt(alphabet.length)];
    if (PASSWORD_PATTERN.test(password)) return password;
  }
}

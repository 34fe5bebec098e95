/**
 * A key for one confirmed write (a signing export, a payment added by hand): the server makes
 * the change once per key, so a double click or a retry after a timeout answers the first
 * call's result instead of doing it again.
 */
export function newClientKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

import net from 'node:net';

/**
 * Which proxies are trusted to append the client's address to X-Forwarded-For: none (false),
 * the last N hops (a count), or the proxies at these addresses or CIDR ranges. Fastify
 * (proxy-addr) walks the header from the right, past trusted hops only, so an entry the
 * client wrote itself on the left is never believed.
 */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY: 0/false/empty, a hop count, or addresses/CIDRs separated by commas. */
export function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : 'a hop count must be at most 10';
  }
  if (text === 'true') {
    // "Trust everything" would take the left-most, client-written entry as the address.
    return 'must be a hop count (e.g. 1) or a list of proxy addresses, not true';
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits))) {
      return `must be a hop count or proxy addresses/CIDRs separated by commas (got ${JSON.stringify(entry)})`;
    }
  }
  return entries;
}

/** A comma-separated list of exact origins, e.g. `https://admin.example.com`. */
export function parseOrigins(value: string): string[] | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry || !/^https?:$/.test(new URL(entry).protocol)) {
      return `must be origins like https://admin.example.com separated by commas (got ${JSON.stringify(entry)})`;
    }
  }
  return entries;
}

/** True for addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * TRUST_PROXY in Fastify's terms: a hop count becomes "trust the nearest N hops" (proxy-addr
 * asks hop by hop, nearest first), since Fastify's types take no number.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

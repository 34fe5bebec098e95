import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOWNLOADS_PATH } from './export-engine';

/**
 * The download cookie: the access token, HttpOnly (no script reads it), SameSite=Strict (no
 * other site sends it) and scoped to the downloads path, so it opens downloads only — the
 * GraphQL endpoint never receives it and still requires the header. Set at sign-in, cleared
 * at sign-out; revoking the token (sign-out everywhere, password change) disables it too.
 */
export const DOWNLOAD_COOKIE = 'admin_download';
const MAX_AGE_SECONDS = 24 * 60 * 60; // spec section 9: the auth cookie lasts one day

function attributes(req: FastifyRequest): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `Path=${DOWNLOADS_PATH}; HttpOnly; SameSite=Strict${secure}`;
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

export function setDownloadCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  appendCookie(
    reply,
    `${DOWNLOAD_COOKIE}=${encodeURIComponent(token)}; Max-Age=${MAX_AGE_SECONDS}; ${attributes(req)}`,
  );
}

export function clearDownloadCookie(req: FastifyRequest, reply: FastifyReply): void {
  appendCookie(reply, `${DOWNLOAD_COOKIE}=; Max-Age=0; ${attributes(req)}`);
}

/** The token in the request's download cookie, if any. */
export function downloadCookieToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === DOWNLOAD_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

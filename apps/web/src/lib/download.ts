import { ACCESS_TOKEN_HEADER } from '@app/shared';
import { getAccessToken } from './auth-token';

/** Why a download did not give a file. */
export class DownloadError extends Error {
  constructor(
    readonly kind: 'refused' | 'expired' | 'broken' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/**
 * Fetches an export link with the session's token and reports the bytes received as they
 * arrive (the file is streamed, so it starts at once whatever its size). A transfer that
 * breaks off rejects with `broken`: the operator never gets a silently short file.
 */
export async function fetchDownload(
  url: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw new DownloadError('unreachable', String(error));
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as {
      errors?: Array<{ message: string }>;
    } | null;
    throw new DownloadError(
      response.status === 410 ? 'expired' : 'refused',
      body?.errors?.[0]?.message ?? `HTTP ${response.status}`,
    );
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress(bytes);
    }
  } catch (error) {
    throw new DownloadError('broken', String(error));
  }
  return new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' });
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** 1234567 → "1.2 MB": the progress text. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

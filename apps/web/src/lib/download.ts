import {
  authHeaders,
  failed,
  NetworkError,
  refusalError,
  type CallOptions,
} from './graphql-client';

/*
 * Downloads, the third kind of call of the API client (`graphql-client.ts` is its core): a
 * file fetched with the session's token and saved under a name, or a link the API issued
 * handed to the browser as it is.
 */

/**
 * Why a download did not give a file (an ended session is the core's auth error instead). A
 * network error to the rest of the app ("Server error!", or the connection text when the
 * server was not reached); the export button words its kinds itself.
 */
export class DownloadError extends NetworkError {
  constructor(
    readonly kind: 'refused' | 'expired' | 'broken' | 'unreachable',
    message: string,
    /** The route's `extensions.code` of a refusal (FORBIDDEN, …), which the app words. */
    readonly code?: string,
  ) {
    super(new Error(message), kind !== 'unreachable');
    this.message = message;
    this.name = 'DownloadError';
  }
}

/**
 * Fetches a file with the session's token and reports the bytes received as they arrive (an
 * export is streamed, so it starts at once whatever its size). A transfer that breaks off
 * rejects with `broken`: the operator never gets a silently short file. HTTP 401 is the
 * ended session: the sign-in dialog opens, as for any other call.
 */
export async function fetchDownload(
  url: string,
  onProgress: (bytes: number) => void = () => {},
  options: CallOptions = {},
): Promise<Blob> {
  return (await fetchServedFile(url, onProgress, options)).blob;
}

/** `fetchDownload`, with the name the server gave the file (Content-Disposition), if any. */
async function fetchServedFile(
  url: string,
  onProgress: (bytes: number) => void,
  options: CallOptions,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: authHeaders(),
        credentials: 'same-origin',
      });
    } catch (error) {
      throw new DownloadError('unreachable', String(error));
    }
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => null)) as {
        errors?: Array<{ message: string; extensions?: { code?: unknown } }>;
      } | null;
      if (response.status === 401) throw refusalError(401, body);
      const code = body?.errors?.[0]?.extensions?.code;
      throw new DownloadError(
        response.status === 410 ? 'expired' : 'refused',
        body?.errors?.[0]?.message ?? `HTTP ${response.status}`,
        typeof code === 'string' ? code : undefined,
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
    const type = response.headers.get('content-type') ?? 'text/csv;charset=utf-8';
    const served = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
    return { blob: new Blob(chunks as BlobPart[], { type }), fileName: served?.[1] };
  } catch (error) {
    throw failed(error, options);
  }
}

/**
 * Save-as: hands a file to the browser under `fileName`. A blob is saved from memory; a URL
 * (a link the API issued, which its download cookie opens) is followed by the browser itself.
 */
export function saveFile(file: Blob | string, fileName: string): void {
  const href = typeof file === 'string' ? file : URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  if (typeof file !== 'string') setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Fetches a file with the session's token and saves it under `fileName`. */
export async function downloadFile(
  url: string,
  fileName: string,
  onProgress?: (bytes: number) => void,
): Promise<Blob> {
  const blob = await fetchDownload(url, onProgress);
  saveFile(blob, fileName);
  return blob;
}

/**
 * Fetches a file with the session's token and saves it under the name the server gave it
 * (stamped in the business time zone, which only the server knows), else `fallbackName`.
 */
export async function downloadServedFile(
  url: string,
  fallbackName: string,
  onProgress: (bytes: number) => void = () => {},
): Promise<Blob> {
  const { blob, fileName } = await fetchServedFile(url, onProgress, {});
  saveFile(blob, fileName ?? fallbackName);
  return blob;
}

/** 1234567 → "1.2 MB": the progress text. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

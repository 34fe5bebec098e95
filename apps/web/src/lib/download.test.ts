import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadError, fetchDownload, formatBytes } from './download';

function streamOf(chunks: string[], failAfter?: number): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && i === failAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      if (i >= chunks.length) {
        controller.close();
        return;
      }
      controller.enqueue(new TextEncoder().encode(chunks[i++]));
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('fetchDownload', () => {
  it('sends the token, reports progress and returns the whole file', async () => {
    localStorage.setItem('accessToken', 'tok');
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(streamOf(['\uFEFFid\r\n', '1\r\n', '2\r\n'])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const blob = await fetchDownload('/downloads/x.csv?link=a.b', (n) => progress.push(n));
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      headers: { 'X-ADMIN-ACCESS-TOKEN': 'tok' },
    });
    expect(progress.length).toBe(3);
    expect(await blob.text()).toContain('1\r\n2\r\n');
  });

  it('rejects a transfer that breaks off, so nothing short is saved', async () => {
    vi.stubGlobal('fetch', async () => new Response(streamOf(['id\r\n', '1\r\n', '2\r\n'], 2)));
    await expect(fetchDownload('/downloads/x.csv', () => {})).rejects.toMatchObject({
      kind: 'broken',
    });
  });

  it('tells an expired link from a refused one', async () => {
    const answer = (status: number) =>
      new Response(
        JSON.stringify({ errors: [{ message: 'no', extensions: { code: 'FORBIDDEN' } }] }),
        {
          status,
        },
      );
    vi.stubGlobal('fetch', async () => answer(410));
    await expect(fetchDownload('/d', () => {})).rejects.toMatchObject({ kind: 'expired' });
    vi.stubGlobal('fetch', async () => answer(403));
    const error = await fetchDownload('/d', () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    // The route's code rides along, so the app words the refusal, not the English message.
    expect(error).toMatchObject({ kind: 'refused', message: 'no', code: 'FORBIDDEN' });
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

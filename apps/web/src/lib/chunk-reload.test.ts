import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForNewChunks } from './chunk-reload';

describe('chunk load failures (spec section 8)', () => {
  it('recognises the browsers’ messages for a failed dynamic import', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const reload = vi.fn();
    expect(reloadForNewChunks(1_000_000, localStorage, reload)).toBe(true);
    expect(reloadForNewChunks(1_030_000, localStorage, reload)).toBe(false);
    expect(reloadForNewChunks(1_061_000, localStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1061000');
  });
});

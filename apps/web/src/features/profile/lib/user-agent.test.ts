import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from './user-agent';

describe('summariseUserAgent', () => {
  it('reads the browser, its major version and the platform of common browsers', () => {
    const cases: Array<[string, { browser?: string; os?: string }]> = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        { browser: 'Chrome 131', os: 'Windows' },
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
        { browser: 'Edge 131', os: 'Windows' },
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        { browser: 'Firefox 128', os: 'Linux' },
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
        { browser: 'Safari 18', os: 'macOS' },
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        { browser: 'Safari 17', os: 'iOS' },
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
        { browser: 'Chrome 131', os: 'iOS' },
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        { browser: 'Chrome 131', os: 'Android' },
      ],
    ];
    for (const [ua, expected] of cases) expect(summariseUserAgent(ua), ua).toEqual(expected);
  });

  it('knows nothing of a client it does not recognise', () => {
    expect(summariseUserAgent('curl/8.5.0')).toEqual({});
  });
});

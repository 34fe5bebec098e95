import { describe, expect, it } from 'vitest';
import { sendProgress } from './send-progress';

describe('sendProgress', () => {
  it('counts recipients without outbox rows yet as preparing while the job expands a send', () => {
    expect(sendProgress(500_000, { queued: 10_000, sending: 50, sent: 200, failed: 1 })).toEqual({
      done: 201,
      percent: 0,
      waiting: 10_050,
      preparing: 489_749,
    });
  });

  it('has nothing preparing once every row is written, and reaches 100%', () => {
    expect(sendProgress(4, { queued: 0, sending: 0, sent: 3, failed: 1 })).toEqual({
      done: 4,
      percent: 100,
      waiting: 0,
      preparing: 0,
    });
    expect(sendProgress(0, { queued: 0, sending: 0, sent: 0, failed: 0 }).percent).toBe(100);
  });
});

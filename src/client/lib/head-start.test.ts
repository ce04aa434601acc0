import { afterEach, describe, expect, it, vi } from 'vitest';
import { headStart } from './head-start.ts';

describe('a request started before its screen has loaded', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is handed to the screen once; asked again, the screen makes its own request', async () => {
    const early = headStart<string>(5_000);
    const call = vi.fn(() => Promise.resolve('page 1'));
    early.start(call);
    await expect(early.take()).resolves.toBe('page 1');
    expect(early.take()).toBeUndefined();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('is not handed over once older than its limit: the screen asks afresh', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const early = headStart<string>(5_000);
    early.start(() => Promise.resolve('old page'));
    vi.advanceTimersByTime(5_001);
    expect(early.take()).toBeUndefined();
  });

  it('keeps a refusal for the screen instead of reporting it as unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const early = headStart<string>(5_000);
      early.start(() => Promise.reject(new Error('401')));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(early.take()).rejects.toThrow('401');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is nothing when nobody started it', () => {
    expect(headStart<string>(5_000).take()).toBeUndefined();
  });
});

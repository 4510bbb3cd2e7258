import { describe, expect, it } from 'vitest';
import { DEFERRED_STALE_MS, decorativePicture, deferrable } from './reduced-data';

describe('"données réduites" defers non-essential calls', () => {
  it('leaves the options as they are with a normal line', () => {
    const options = { staleTime: 30_000, refetchOnWindowFocus: true };
    expect(deferrable(options, false)).toBe(options);
    expect(decorativePicture('/files/logo.png', false)).toBe('/files/logo.png');
  });

  it('waits ten minutes, and refetches neither on focus nor on reconnection', () => {
    expect(deferrable({ staleTime: 30_000, refetchOnWindowFocus: true }, true)).toEqual({
      staleTime: DEFERRED_STALE_MS,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    });
    // A query already fresher for longer keeps its own delay.
    expect(deferrable({ staleTime: 3_600_000 }, true).staleTime).toBe(3_600_000);
  });

  it('downloads no decorative picture: initials show instead', () => {
    expect(decorativePicture('/files/logo.png', true)).toBeNull();
    expect(decorativePicture(undefined, false)).toBeNull();
  });
});

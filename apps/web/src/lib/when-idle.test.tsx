import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh module (its "idle" flag is for the page's life) with a browser idle callback the test fires. */
async function withManualIdle() {
  const pending: Array<() => void> = [];
  const requestIdleCallback = vi.fn((callback: () => void, options?: IdleRequestOptions) => {
    expect(options?.timeout).toBeGreaterThan(0);
    pending.push(callback);
    return pending.length;
  });
  vi.stubGlobal('requestIdleCallback', requestIdleCallback);
  const module = await import('./when-idle');
  return { ...module, requestIdleCallback, fireIdle: () =>
      act(() => {
        for (const callback of pending.splice(0)) callback();
      }) };
}

describe('WhenIdle', () => {
  it('shows the held place until the browser is idle, then its children, one part per free moment', async () => {
    const { WhenIdle, requestIdleCallback, fireIdle } = await withManualIdle();
    render(
      <>
        <WhenIdle fallback={<span>place</span>}>
          <span>bell</span>
        </WhenIdle>
        <WhenIdle>
          <span>toasts</span>
        </WhenIdle>
      </>,
    );
    expect(screen.getByText('place')).toBeTruthy();
    expect(screen.queryByText('bell')).toBeNull();
    expect(screen.queryByText('toasts')).toBeNull();
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    await fireIdle();
    expect(await screen.findByText('bell')).toBeTruthy();
    expect(screen.queryByText('place')).toBeNull();
    expect(screen.queryByText('toasts')).toBeNull();
    await fireIdle();
    expect(await screen.findByText('toasts')).toBeTruthy();
    // One more free moment is asked for, in case another part came to wait meanwhile.
    expect(requestIdleCallback).toHaveBeenCalledTimes(3);
  });

  it('draws at once what mounts after the browser was idle', async () => {
    const { WhenIdle, requestIdleCallback, fireIdle } = await withManualIdle();
    const first = render(<WhenIdle>first</WhenIdle>);
    await fireIdle();
    // The free moment after the last part finds nobody waiting: from then on, at once.
    await fireIdle();
    first.unmount();
    render(<WhenIdle fallback="place">later</WhenIdle>);
    expect(screen.getByText('later')).toBeTruthy();
    expect(requestIdleCallback).toHaveBeenCalledTimes(2);
  });
});

describe('nextTask', () => {
  it('resolves in a later task, after what the current one queued', async () => {
    vi.stubGlobal('scheduler', undefined);
    const { nextTask } = await import('./when-idle');
    const order: string[] = [];
    setTimeout(() => order.push('queued before'), 0);
    await nextTask();
    order.push('after');
    expect(order).toEqual(['queued before', 'after']);
  });
});

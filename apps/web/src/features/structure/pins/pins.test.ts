import { describe, expect, it, vi } from 'vitest';
import { pinRowActions, type usePinToggle } from './pins';

type Toggle = ReturnType<typeof usePinToggle>;

function toggle(allowed: Toggle['allowed']) {
  const mutateAsync = vi.fn(async () => undefined);
  return { value: { allowed, mutation: { mutateAsync } } as unknown as Toggle, mutateAsync };
}

const labels = { pin: 'Épingler', unpin: 'Retirer l’épingle' };
const shown = (actions: ReturnType<typeof pinRowActions>, row: { id: number; pinned?: boolean }) => actions.filter((a) => !a.hidden?.(row)).map((a) => a.label);

describe('pin entries of a row menu', () => {
  it('offers to pin an unpinned row and to unpin a pinned one, sending what the row is', async () => {
    const { value, mutateAsync } = toggle({ pin: true, unpin: true });
    const actions = pinRowActions(value, labels);
    expect(shown(actions, { id: 1, pinned: false })).toEqual(['Épingler']);
    expect(shown(actions, { id: 2, pinned: true })).toEqual(['Retirer l’épingle']);
    await actions[0].onClick({ id: 1, pinned: false });
    await actions[1].onClick({ id: 2, pinned: true });
    expect(mutateAsync.mock.calls).toEqual([[{ id: 1, pinned: false }], [{ id: 2, pinned: true }]]);
  });

  it('offers nothing the account may not do', () => {
    expect(pinRowActions(toggle({ pin: false, unpin: false }).value, labels)).toEqual([]);
    const onlyUnpin = pinRowActions(toggle({ pin: false, unpin: true }).value, labels);
    expect(shown(onlyUnpin, { id: 1 })).toEqual([]);
    expect(shown(onlyUnpin, { id: 1, pinned: true })).toEqual(['Retirer l’épingle']);
  });
});

import { describe, expect, it } from 'vitest';
import { CONTROL_MESSAGE, DEPTH_MESSAGE, findInputProblem, MAX_INPUT_DEPTH, NUL_MESSAGE } from './bad-input';

describe('findInputProblem', () => {
  it('names the first field holding a NUL, in values and keys', () => {
    expect(findInputProblem({ login: 'a\u0000' })).toEqual({ path: 'login', message: NUL_MESSAGE });
    expect(findInputProblem({ device: { ref: ['x', 'y\u0000'] } })?.path).toBe('device.ref.1');
    expect(findInputProblem({ a: { 'b\u0000': 1 } })?.path).toBe('a');
    expect(findInputProblem('\u0000')?.path).toBe('');
    expect(findInputProblem({ a: 'b', c: [1, true, null] })).toBeNull();
  });

  it('refuses the other control characters, but tabs and line breaks', () => {
    for (const bad of ['Nom\u0001', 'a\u001Bb', 'x\u007F', 'y\u0085', '\u000B']) {
      expect(findInputProblem({ name: bad }), JSON.stringify(bad)).toEqual({ path: 'name', message: CONTROL_MESSAGE });
    }
    expect(findInputProblem({ 'k\u0002': 1 })?.message).toBe(CONTROL_MESSAGE);
    expect(findInputProblem({ note: 'ligne 1\r\nligne 2\tfin', name: 'Zoë Ngo’o — 北京' })).toBeNull();
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    let value: unknown = { leaf: 'x' };
    for (let i = 0; i < 100_000; i++) value = { a: value };
    expect(findInputProblem(value)?.message).toBe(DEPTH_MESSAGE);
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = [ok];
    expect(findInputProblem(ok)).toBeNull();
  });
});

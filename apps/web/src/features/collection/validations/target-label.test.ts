import { describe, expect, it } from 'vitest';
import { targetLabel } from './target-label';

const kind = (k: string) => ({ site: 'Site', agent: 'Agent' })[k] ?? k;

describe('targetLabel', () => {
  it("names the target with its kind, falls back to kind and number, a dash without target", () => {
    expect(targetLabel({ target_kind: 'site', target_id: 4, target_name: 'Agence Akwa' }, kind)).toBe('Agence Akwa · Site');
    expect(targetLabel({ target_kind: 'agent', target_id: 9, target_name: null }, kind)).toBe('Agent #9');
    expect(targetLabel({ target_kind: null, target_id: null, target_name: null }, kind)).toBe('—');
  });
});

import { useEffect, useRef } from 'react';
import { M } from '../messages';
import type { WidgetProps } from './widget-props';

/**
 * Ranking with up/down buttons (drag and drop is unreliable with a thumb on a small
 * screen). The order counts as an answer once the respondent moved an item or kept
 * the proposed order.
 */
export function RankingInput({ question, value, inputId, describedBy, onChange }: WidgetProps) {
  const choices = question.choices;
  const byId = new Map(choices.map((c) => [c.id, c]));
  const saved = Array.isArray(value) ? (value as number[]).filter((id) => byId.has(id)) : [];
  const answered = saved.length === choices.length && choices.length > 0;
  const order = answered ? saved.map((id) => byId.get(id)!) : choices;
  // The moved item's button keeps the focus once the list is drawn again; at either end
  // of the list that button is disabled, so its other arrow takes it (else the focus would
  // fall back to the page's top for a keyboard or a screen reader).
  const focusOn = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const wanted = focusOn.current;
    focusOn.current = null;
    if (!wanted) return;
    const button = (direction: string) => document.getElementById(`${inputId}-${wanted.id}-${direction}`) as HTMLButtonElement | null;
    const same = button(wanted.direction);
    const target = same && !same.disabled ? same : button(wanted.direction === 'up' ? 'down' : 'up');
    target?.focus();
  });
  const commit = (ids: number[]) => onChange(ids, true);
  const move = (index: number, delta: number, direction: 'up' | 'down') => {
    const target = index + delta;
    if (target < 0 || target >= order.length) return;
    const next = order.map((c) => c.id);
    [next[index], next[target]] = [next[target], next[index]];
    focusOn.current = { id: next[target], direction };
    commit(next);
  };
  return (
    <div>
      <ol className="ans-ranking" aria-describedby={describedBy}>
        {order.map((c, i) => (
          <li key={c.id} className="ans-rank-item">
            <span className="ans-rank-pos" aria-hidden="true">
              {i + 1}
            </span>
            <span className="ans-rank-label">{c.label}</span>
            <button type="button" className="ans-icon-button" id={`${inputId}-${c.id}-up`} aria-label={M.moveUp(c.label)} disabled={i === 0} onClick={() => move(i, -1, 'up')}>
              ↑
            </button>
            <button
              type="button"
              className="ans-icon-button"
              id={`${inputId}-${c.id}-down`}
              aria-label={M.moveDown(c.label)}
              disabled={i === order.length - 1}
              onClick={() => move(i, 1, 'down')}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <p className="ans-hint" aria-live="polite">
        {answered ? M.orderKept : M.rankingHelp}
      </p>
      <button
        type="button"
        className="ans-button ans-secondary"
        id={inputId}
        hidden={answered}
        onClick={() => {
          // The button goes once the order is kept: the first item's arrow takes the focus.
          if (order.length) focusOn.current = { id: order[0].id, direction: 'down' };
          commit(order.map((c) => c.id));
        }}
      >
        {M.keepOrder}
      </button>
    </div>
  );
}

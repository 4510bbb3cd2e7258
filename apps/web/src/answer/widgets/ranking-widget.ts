import type { AnswerChoice } from '../answer-types';
import { h, replace } from '../dom';
import { M } from '../messages';
import type { WidgetContext } from './widget-types';

/**
 * Ranking with up/down buttons (drag and drop is unreliable with a thumb on a small
 * screen). The order counts as an answer once the respondent moved an item or kept
 * the proposed order.
 */
export function rankingWidget(ctx: WidgetContext): HTMLElement {
  const choices = ctx.question.choices;
  const byId = new Map(choices.map((c) => [c.id, c]));
  const saved = Array.isArray(ctx.value) ? (ctx.value as number[]).filter((id) => byId.has(id)) : [];
  let order: AnswerChoice[] = saved.length === choices.length ? saved.map((id) => byId.get(id)!) : [...choices];
  let answered = saved.length === choices.length;
  const list = h('ol', { class: 'ans-ranking', 'aria-describedby': ctx.describedBy });
  const keep = h('button', { type: 'button', class: 'ans-button ans-secondary', id: ctx.inputId }, M.keepOrder);
  const status = h('p', { class: 'ans-hint', 'aria-live': 'polite' });

  const commit = (focusId?: string) => {
    answered = true;
    ctx.onChange(
      order.map((c) => c.id),
      true,
    );
    draw(focusId);
  };
  const move = (index: number, delta: number, direction: string) => {
    const target = index + delta;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    [next[index], next[target]] = [next[target], next[index]];
    order = next;
    commit(`${ctx.inputId}-${order[target].id}-${direction}`);
  };
  function draw(focusId?: string) {
    replace(
      list,
      order.map((c, i) =>
        h(
          'li',
          { class: 'ans-rank-item' },
          h('span', { class: 'ans-rank-pos', 'aria-hidden': 'true' }, String(i + 1)),
          h('span', { class: 'ans-rank-label' }, c.label),
          h('button', { type: 'button', class: 'ans-icon-button', id: `${ctx.inputId}-${c.id}-up`, 'aria-label': M.moveUp(c.label), disabled: i === 0, onClick: () => move(i, -1, 'up') }, '↑'),
          h(
            'button',
            { type: 'button', class: 'ans-icon-button', id: `${ctx.inputId}-${c.id}-down`, 'aria-label': M.moveDown(c.label), disabled: i === order.length - 1, onClick: () => move(i, 1, 'down') },
            '↓',
          ),
        ),
      ),
    );
    keep.hidden = answered;
    status.textContent = answered ? M.orderKept : M.rankingHelp;
    if (focusId) document.getElementById(focusId)?.focus();
  }
  keep.addEventListener('click', () => commit());
  draw();
  return h('div', null, list, status, keep);
}

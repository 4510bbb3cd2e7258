import { h } from '../dom';
import { M } from '../messages';
import type { WidgetContext } from './widget-types';
import { settingOf } from './widget-types';

/**
 * A row of radio buttons drawn as tappable boxes (stars or numbers). Native radios keep
 * keyboard and screen-reader behaviour; the styling hides the dot.
 */
function pointsWidget(ctx: WidgetContext, values: number[], draw: (n: number, checked: boolean) => string, label: (n: number) => string, extraClass: string): HTMLElement {
  const current = typeof ctx.value === 'number' ? ctx.value : ctx.value != null ? Number(ctx.value) : null;
  const group = h('div', { class: `ans-points ${extraClass}`, role: 'radiogroup', 'aria-describedby': ctx.describedBy });
  const paint = (chosen: number | null) => {
    group.querySelectorAll('label').forEach((el, i) => {
      const n = values[i];
      const on = chosen !== null && (extraClass === 'ans-stars' ? n <= chosen : n === chosen);
      el.classList.toggle('is-on', on);
      const face = el.querySelector('span');
      if (face) face.textContent = draw(n, on);
    });
  };
  values.forEach((n, i) => {
    const id = i === 0 ? ctx.inputId : `${ctx.inputId}-${n}`;
    const input = h('input', {
      type: 'radio',
      id,
      name: `q${ctx.question.id}`,
      value: String(n),
      class: 'ans-visually-hidden',
      checked: current === n,
      'aria-label': label(n),
      onChange: () => {
        paint(n);
        ctx.onChange(n, true);
      },
    });
    group.append(h('label', { for: id, class: 'ans-point' }, input, h('span', { 'aria-hidden': 'true' }, draw(n, false))));
  });
  paint(current);
  return group;
}

export function ratingWidget(ctx: WidgetContext): HTMLElement {
  const max = Math.min(Math.max(settingOf(ctx.question, 'max', 5), 3), 10);
  const values = Array.from({ length: max }, (_, i) => i + 1);
  return pointsWidget(ctx, values, (_n, on) => (on ? '★' : '☆'), (n) => M.stars(n, max), 'ans-stars');
}

export function scaleWidget(ctx: WidgetContext): HTMLElement {
  const min = settingOf(ctx.question, 'min', 0);
  const max = settingOf(ctx.question, 'max', 10);
  const values = Array.from({ length: Math.max(max - min + 1, 2) }, (_, i) => min + i);
  const points = pointsWidget(ctx, values, (n) => String(n), (n) => String(n), 'ans-scale');
  const minLabel = settingOf<string | null>(ctx.question, 'min_label', null);
  const maxLabel = settingOf<string | null>(ctx.question, 'max_label', null);
  if (!minLabel && !maxLabel) return points;
  return h('div', null, points, h('div', { class: 'ans-scale-legend', 'aria-hidden': 'true' }, h('span', null, minLabel ?? ''), h('span', null, maxLabel ?? '')));
}

import { h } from '../dom';
import { M } from '../messages';
import type { WidgetContext } from './widget-types';

/** One tappable row (the whole row is the label, 48px high at least). */
function option(ctx: WidgetContext, type: 'radio' | 'checkbox', value: string, label: string, checked: boolean, id: string, onPick: (input: HTMLInputElement) => void) {
  const input = h('input', {
    type,
    id,
    name: `q${ctx.question.id}`,
    value,
    checked,
    class: 'ans-check',
    onChange: (e: Event) => onPick(e.target as HTMLInputElement),
  });
  return h('label', { class: 'ans-option', for: id }, input, h('span', null, label));
}

/** Single choice (radios), multiple choice (checkboxes): value is a choice id, or sorted ids. */
export function choiceListWidget(ctx: WidgetContext): HTMLElement {
  const q = ctx.question;
  const multiple = q.type === 'multiple_choice';
  const selected = new Set<number>(Array.isArray(ctx.value) ? (ctx.value as number[]) : ctx.value != null ? [Number(ctx.value)] : []);
  const list = h('div', { class: 'ans-options', role: multiple ? 'group' : 'radiogroup', 'aria-describedby': ctx.describedBy });
  q.choices.forEach((choice, i) => {
    const id = i === 0 ? ctx.inputId : `${ctx.inputId}-${i}`;
    list.append(
      option(ctx, multiple ? 'checkbox' : 'radio', String(choice.id), choice.label, selected.has(choice.id), id, (input) => {
        if (!multiple) return ctx.onChange(choice.id, true);
        if (input.checked) selected.add(choice.id);
        else selected.delete(choice.id);
        ctx.onChange([...selected].sort((a, b) => a - b), true);
      }),
    );
  });
  return list;
}

/** Dropdown: the phone's own picker. */
export function dropdownWidget(ctx: WidgetContext): HTMLElement {
  const q = ctx.question;
  const select = h(
    'select',
    {
      id: ctx.inputId,
      class: 'ans-input ans-select',
      'aria-describedby': ctx.describedBy,
      onChange: (e: Event) => {
        const v = (e.target as HTMLSelectElement).value;
        ctx.onChange(v === '' ? null : Number(v), true);
      },
    },
    h('option', { value: '' }, M.choose),
    q.choices.map((c) => h('option', { value: String(c.id), selected: Number(ctx.value) === c.id }, c.label)),
  );
  return select;
}

/** Yes / no: two large buttons that behave as radios. */
export function yesNoWidget(ctx: WidgetContext): HTMLElement {
  const current = ctx.value === true ? 'true' : ctx.value === false ? 'false' : '';
  const pick = (v: boolean) => ctx.onChange(v, true);
  return h(
    'div',
    { class: 'ans-options ans-row', role: 'radiogroup', 'aria-describedby': ctx.describedBy },
    option(ctx, 'radio', 'true', M.yes, current === 'true', ctx.inputId, () => pick(true)),
    option(ctx, 'radio', 'false', M.no, current === 'false', `${ctx.inputId}-no`, () => pick(false)),
  );
}

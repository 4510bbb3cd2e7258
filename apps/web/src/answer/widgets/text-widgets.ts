import { h } from '../dom';
import type { WidgetContext } from './widget-types';
import { settingOf } from './widget-types';

type InputKind = { type: string; inputmode?: string; autocomplete?: string };

const INPUTS: Record<string, InputKind> = {
  short_text: { type: 'text' },
  // Text with a numeric keyboard: type=number drops "3,5" typed with a French comma.
  number: { type: 'text', inputmode: 'decimal' },
  email: { type: 'email', inputmode: 'email', autocomplete: 'email' },
  phone: { type: 'tel', inputmode: 'tel', autocomplete: 'tel' },
  date: { type: 'date' },
  time: { type: 'time' },
};

/** Short and long text, number, e-mail, phone, date and time: one native control each. */
export function textWidget(ctx: WidgetContext): HTMLElement {
  const q = ctx.question;
  const current = ctx.value === undefined || ctx.value === null ? '' : String(ctx.value);
  const common = {
    id: ctx.inputId,
    name: `q${q.id}`,
    'aria-describedby': ctx.describedBy,
    'aria-required': q.required ? 'true' : null,
    placeholder: settingOf<string | null>(q, 'placeholder', null),
    value: current,
    onInput: (e: Event) => ctx.onChange((e.target as HTMLInputElement).value, false),
    onChange: (e: Event) => ctx.onChange((e.target as HTMLInputElement).value, true),
  };
  if (q.type === 'long_text') {
    return h('textarea', { ...common, class: 'ans-input ans-textarea', rows: 4, maxlength: settingOf<number | null>(q, 'max_length', null) });
  }
  const kind = INPUTS[q.type] ?? INPUTS.short_text;
  const unit = q.type === 'number' ? settingOf<string | null>(q, 'unit', null) : null;
  const input = h('input', {
    ...common,
    class: 'ans-input',
    type: kind.type,
    inputmode: kind.inputmode,
    autocomplete: kind.autocomplete ?? 'off',
    maxlength: q.type === 'short_text' ? settingOf<number | null>(q, 'max_length', null) : null,
    min: q.type === 'date' || q.type === 'time' ? settingOf<string | null>(q, 'min', null) : null,
    max: q.type === 'date' || q.type === 'time' ? settingOf<string | null>(q, 'max', null) : null,
  });
  return unit ? h('div', { class: 'ans-with-unit' }, input, h('span', { class: 'ans-unit' }, unit)) : input;
}

import { useRef } from 'react';
import { settingOf } from '../question-kit';
import type { WidgetProps } from './widget-props';

type InputKind = { type: string; inputMode?: 'decimal' | 'email' | 'tel'; autoComplete?: string };

const INPUTS: Record<string, InputKind> = {
  short_text: { type: 'text' },
  // Text with a numeric keyboard: type=number drops "3,5" typed with a French comma.
  number: { type: 'text', inputMode: 'decimal' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  date: { type: 'date' },
  time: { type: 'time' },
};

const optional = <T,>(v: T | null) => (v === null ? undefined : v);

/** Short and long text, number, e-mail, phone, date and time: one native control each. */
export function TextInput({ question: q, value, inputId, describedBy, invalid, onChange }: WidgetProps) {
  const current = value === undefined || value === null ? '' : String(value);
  // Typing is not settled; leaving the field after a change is (the native change event).
  // A date or a time comes whole from the phone's picker, which leaves the focus in the
  // field: each change is settled at once, as the native change event said.
  const picked = q.type === 'date' || q.type === 'time';
  const atFocus = useRef(current);
  const common = {
    id: inputId,
    name: `q${q.id}`,
    'aria-describedby': describedBy,
    'aria-required': q.required ? true : undefined,
    'aria-invalid': invalid || undefined,
    placeholder: optional(settingOf<string | null>(q, 'placeholder', null)),
    value: current,
    onFocus: () => {
      atFocus.current = current;
    },
    onChange: (e: { currentTarget: { value: string } }) => {
      if (picked) atFocus.current = e.currentTarget.value;
      onChange(e.currentTarget.value, picked);
    },
    onBlur: (e: { currentTarget: { value: string } }) => {
      if (e.currentTarget.value !== atFocus.current) onChange(e.currentTarget.value, true);
      atFocus.current = e.currentTarget.value;
    },
  };
  if (q.type === 'long_text') {
    return <textarea {...common} className="ans-input ans-textarea" rows={4} maxLength={optional(settingOf<number | null>(q, 'max_length', null))} />;
  }
  const kind = INPUTS[q.type] ?? INPUTS.short_text;
  const unit = q.type === 'number' ? settingOf<string | null>(q, 'unit', null) : null;
  const bounded = q.type === 'date' || q.type === 'time';
  const input = (
    <input
      {...common}
      className="ans-input"
      type={kind.type}
      inputMode={kind.inputMode}
      autoComplete={kind.autoComplete ?? 'off'}
      maxLength={q.type === 'short_text' ? optional(settingOf<number | null>(q, 'max_length', null)) : undefined}
      min={bounded ? optional(settingOf<string | null>(q, 'min', null)) : undefined}
      max={bounded ? optional(settingOf<string | null>(q, 'max', null)) : undefined}
    />
  );
  if (!unit) return input;
  return (
    <div className="ans-with-unit">
      {input}
      <span className="ans-unit">{unit}</span>
    </div>
  );
}

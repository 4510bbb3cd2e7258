import { M } from '../messages';
import type { WidgetProps } from './widget-props';

interface OptionProps {
  type: 'radio' | 'checkbox';
  id: string;
  name: string;
  value: string;
  label: string;
  checked: boolean;
  invalid: boolean;
  onPick(checked: boolean): void;
}

/** One tappable row (the whole row is the label, 48px high at least). */
function Option({ type, id, name, value, label, checked, invalid, onPick }: OptionProps) {
  return (
    <label className="ans-option" htmlFor={id}>
      <input type={type} id={id} name={name} value={value} checked={checked} aria-invalid={invalid || undefined} className="ans-check" onChange={(e) => onPick(e.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** Single choice (radios), multiple choice (checkboxes): value is a choice id, or sorted ids. */
export function ChoiceList({ question: q, value, inputId, describedBy, invalid, onChange }: WidgetProps) {
  const multiple = q.type === 'multiple_choice';
  const selected = new Set<number>(Array.isArray(value) ? (value as number[]) : value != null ? [Number(value)] : []);
  return (
    <div className="ans-options" role={multiple ? 'group' : 'radiogroup'} aria-describedby={describedBy}>
      {q.choices.map((choice, i) => (
        <Option
          key={choice.id}
          type={multiple ? 'checkbox' : 'radio'}
          id={i === 0 ? inputId : `${inputId}-${i}`}
          name={`q${q.id}`}
          value={String(choice.id)}
          label={choice.label}
          checked={selected.has(choice.id)}
          invalid={invalid}
          onPick={(checked) => {
            if (!multiple) return onChange(choice.id, true);
            const next = new Set(selected);
            if (checked) next.add(choice.id);
            else next.delete(choice.id);
            onChange(
              [...next].sort((a, b) => a - b),
              true,
            );
          }}
        />
      ))}
    </div>
  );
}

/** Dropdown: the phone's own picker. */
export function Dropdown({ question: q, value, inputId, describedBy, invalid, onChange }: WidgetProps) {
  const current = value === null || value === undefined ? '' : String(value);
  return (
    <select
      id={inputId}
      className="ans-input ans-select"
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={current}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value), true)}
    >
      <option value="">{M.choose}</option>
      {q.choices.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** Yes / no: two large buttons that behave as radios. */
export function YesNo({ question: q, value, inputId, describedBy, invalid, onChange }: WidgetProps) {
  return (
    <div className="ans-options ans-row" role="radiogroup" aria-describedby={describedBy}>
      <Option type="radio" id={inputId} name={`q${q.id}`} value="true" label={M.yes} checked={value === true} invalid={invalid} onPick={() => onChange(true, true)} />
      <Option type="radio" id={`${inputId}-no`} name={`q${q.id}`} value="false" label={M.no} checked={value === false} invalid={invalid} onPick={() => onChange(false, true)} />
    </div>
  );
}

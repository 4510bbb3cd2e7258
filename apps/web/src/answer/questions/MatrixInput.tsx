import { settingOf } from '../question-kit';
import type { WidgetProps } from './widget-props';

type Axis = Array<{ id: string; label: string }>;
type MatrixValue = Record<string, string | string[]>;

/**
 * Matrix as one block per row with the columns as tappable options: a table does not
 * fit 360 px once there are more than three columns. Value `{ rowId: columnId }`, or
 * `{ rowId: columnId[] }` when several columns may be picked.
 */
export function MatrixInput({ question, value, inputId, describedBy, invalid, onChange }: WidgetProps) {
  const rows = settingOf<Axis>(question, 'rows', []);
  const columns = settingOf<Axis>(question, 'columns', []);
  const multiple = settingOf(question, 'multiple', false);
  const current: MatrixValue = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as MatrixValue) : {};
  const pick = (rowId: string, colId: string, on: boolean) => {
    const next = { ...current };
    if (!multiple) next[rowId] = colId;
    else {
      const picked = new Set(Array.isArray(next[rowId]) ? (next[rowId] as string[]) : []);
      if (on) picked.add(colId);
      else picked.delete(colId);
      if (picked.size) next[rowId] = [...picked].sort();
      else delete next[rowId];
    }
    onChange(next, true);
  };
  return (
    <div className="ans-matrix" aria-describedby={describedBy}>
      {rows.map((row, r) => (
        <fieldset key={row.id} className="ans-matrix-row">
          <legend className="ans-matrix-label">{row.label}</legend>
          <div className="ans-options ans-chips">
            {columns.map((col, c) => {
              const id = r === 0 && c === 0 ? inputId : `${inputId}-${r}-${c}`;
              const cell = current[row.id];
              const checked = Array.isArray(cell) ? cell.includes(col.id) : cell === col.id;
              return (
                <label key={col.id} className="ans-option ans-chip" htmlFor={id}>
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    id={id}
                    name={`q${question.id}-${row.id}`}
                    value={col.id}
                    checked={checked}
                    aria-invalid={invalid || undefined}
                    className="ans-check"
                    onChange={(e) => pick(row.id, col.id, e.currentTarget.checked)}
                  />
                  <span>{col.label}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

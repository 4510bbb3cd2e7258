import { h } from '../dom';
import type { WidgetContext } from './widget-types';
import { settingOf } from './widget-types';

type Axis = Array<{ id: string; label: string }>;

/**
 * Matrix as one block per row with the columns as tappable options: a table does not
 * fit 360 px once there are more than three columns. Value `{ rowId: columnId }`, or
 * `{ rowId: columnId[] }` when several columns may be picked.
 */
export function matrixWidget(ctx: WidgetContext): HTMLElement {
  const rows = settingOf<Axis>(ctx.question, 'rows', []);
  const columns = settingOf<Axis>(ctx.question, 'columns', []);
  const multiple = settingOf(ctx.question, 'multiple', false);
  const value: Record<string, string | string[]> =
    typeof ctx.value === 'object' && ctx.value !== null && !Array.isArray(ctx.value) ? { ...(ctx.value as Record<string, string | string[]>) } : {};
  const emit = () => ctx.onChange({ ...value }, true);
  return h(
    'div',
    { class: 'ans-matrix', 'aria-describedby': ctx.describedBy },
    rows.map((row, r) =>
      h(
        'fieldset',
        { class: 'ans-matrix-row' },
        h('legend', { class: 'ans-matrix-label' }, row.label),
        h(
          'div',
          { class: 'ans-options ans-chips' },
          columns.map((col, c) => {
            const id = r === 0 && c === 0 ? ctx.inputId : `${ctx.inputId}-${r}-${c}`;
            const cell = value[row.id];
            const checked = Array.isArray(cell) ? cell.includes(col.id) : cell === col.id;
            return h(
              'label',
              { class: 'ans-option ans-chip', for: id },
              h('input', {
                type: multiple ? 'checkbox' : 'radio',
                id,
                name: `q${ctx.question.id}-${row.id}`,
                value: col.id,
                checked,
                class: 'ans-check',
                onChange: (e: Event) => {
                  const on = (e.target as HTMLInputElement).checked;
                  if (!multiple) value[row.id] = col.id;
                  else {
                    const picked = new Set(Array.isArray(value[row.id]) ? (value[row.id] as string[]) : []);
                    if (on) picked.add(col.id);
                    else picked.delete(col.id);
                    if (picked.size) value[row.id] = [...picked].sort();
                    else delete value[row.id];
                  }
                  emit();
                },
              }),
              h('span', null, col.label),
            );
          }),
        ),
      ),
    ),
  );
}

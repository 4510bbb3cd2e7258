import { M } from '../messages';
import { settingOf } from '../question-kit';
import type { WidgetProps } from './widget-props';

interface PointsProps extends WidgetProps {
  values: number[];
  face(n: number, on: boolean): string;
  label(n: number): string;
  stars: boolean;
}

/**
 * A row of radio buttons drawn as tappable boxes (stars or numbers). Native radios keep
 * keyboard and screen-reader behaviour; the styling hides the dot.
 */
function Points({ question, value, inputId, describedBy, invalid, onChange, values, face, label, stars }: PointsProps) {
  const current = typeof value === 'number' ? value : value != null ? Number(value) : null;
  return (
    <div className={`ans-points ${stars ? 'ans-stars' : 'ans-scale'}`} role="radiogroup" aria-describedby={describedBy}>
      {values.map((n, i) => {
        const id = i === 0 ? inputId : `${inputId}-${n}`;
        const on = current !== null && (stars ? n <= current : n === current);
        return (
          <label key={n} htmlFor={id} className={on ? 'ans-point is-on' : 'ans-point'}>
            <input
              type="radio"
              id={id}
              name={`q${question.id}`}
              value={String(n)}
              className="ans-visually-hidden"
              checked={current === n}
              aria-label={label(n)}
              aria-invalid={invalid || undefined}
              onChange={() => onChange(n, true)}
            />
            <span aria-hidden="true">{face(n, on)}</span>
          </label>
        );
      })}
    </div>
  );
}

export function Rating(props: WidgetProps) {
  const max = Math.min(Math.max(settingOf(props.question, 'max', 5), 3), 10);
  const values = Array.from({ length: max }, (_, i) => i + 1);
  return <Points {...props} values={values} face={(_n, on) => (on ? '★' : '☆')} label={(n) => M.stars(n, max)} stars />;
}

export function Scale(props: WidgetProps) {
  const min = settingOf(props.question, 'min', 0);
  const max = settingOf(props.question, 'max', 10);
  const values = Array.from({ length: Math.max(max - min + 1, 2) }, (_, i) => min + i);
  const points = <Points {...props} values={values} face={(n) => String(n)} label={(n) => String(n)} stars={false} />;
  const minLabel = settingOf<string | null>(props.question, 'min_label', null);
  const maxLabel = settingOf<string | null>(props.question, 'max_label', null);
  if (!minLabel && !maxLabel) return points;
  return (
    <div>
      {points}
      <div className="ans-scale-legend" aria-hidden="true">
        <span>{minLabel ?? ''}</span>
        <span>{maxLabel ?? ''}</span>
      </div>
    </div>
  );
}

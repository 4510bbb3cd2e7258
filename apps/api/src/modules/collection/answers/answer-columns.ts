/**
 * How a canonical answer (contracts, survey-answers) is spread over the typed columns of
 * `answers`, and read back. Results and exports aggregate these columns in SQL, so each
 * type has one home: numbers (and yes/no as 1/0) in value_number, choice ids in
 * value_choices (ranking keeps the respondent's order), dates in value_date, matrix cells
 * and points in value_json, files in media_id, everything else in value_text.
 */
export interface AnswerColumns {
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
  value_choices: number[] | null;
  value_json: unknown;
  media_id: number | null;
}

const EMPTY: AnswerColumns = {
  value_text: null,
  value_number: null,
  value_date: null,
  value_choices: null,
  value_json: null,
  media_id: null,
};

/** The column values of a canonical, non-null answer of a question of `type`. */
export function toAnswerColumns(type: string, value: unknown): AnswerColumns {
  switch (type) {
    case 'number':
    case 'rating':
    case 'scale':
      return { ...EMPTY, value_number: value as number };
    case 'yes_no':
      return { ...EMPTY, value_number: value ? 1 : 0 };
    case 'date':
      return { ...EMPTY, value_date: value as string };
    case 'single_choice':
    case 'dropdown':
      return { ...EMPTY, value_choices: [value as number] };
    case 'multiple_choice':
    case 'ranking':
      return { ...EMPTY, value_choices: value as number[] };
    case 'matrix':
    case 'geolocation':
      return { ...EMPTY, value_json: value };
    case 'file':
    case 'photo':
    case 'signature':
      return { ...EMPTY, media_id: value as number };
    default:
      return { ...EMPTY, value_text: String(value) };
  }
}

/** The canonical answer stored in a row's columns (inverse of toAnswerColumns). */
export function fromAnswerColumns(type: string, row: Partial<AnswerColumns>): unknown {
  switch (type) {
    case 'number':
    case 'rating':
    case 'scale':
      return row.value_number ?? null;
    case 'yes_no':
      return row.value_number == null ? null : row.value_number === 1;
    case 'date':
      return row.value_date ?? null;
    case 'single_choice':
    case 'dropdown':
      return row.value_choices?.[0] ?? null;
    case 'multiple_choice':
    case 'ranking':
      return row.value_choices ?? null;
    case 'matrix':
    case 'geolocation':
      return row.value_json ?? null;
    case 'file':
    case 'photo':
    case 'signature':
      return row.media_id ?? null;
    default:
      return row.value_text ?? null;
  }
}

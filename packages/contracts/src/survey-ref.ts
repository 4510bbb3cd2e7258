/**
 * How a survey is referred to in addresses and calls: its id (digits) or its public code.
 * Generated codes always hold a letter, so digits alone are an id. The server answers ids
 * only to the survey company's agents; everyone else uses the code.
 */
export type SurveyRef = number | string;

/** Whether a reference is a survey id rather than a public code. */
export function isSurveyIdRef(ref: SurveyRef): boolean {
  return typeof ref === 'number' || /^\d+$/.test(ref.trim());
}

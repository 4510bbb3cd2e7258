import type { AnswerQuestion } from '../answer-types';
import type { PageText } from '../messages';
import type { MediaService } from '../question-kit';

/** What QuestionField hands the control of one question family. */
export interface WidgetProps {
  question: AnswerQuestion;
  value: unknown;
  /** Id of the first control, for the question's <label for>. */
  inputId: string;
  /** Ids of the help and error texts, for aria-describedby. */
  describedBy: string;
  /** A message is on show under the question (aria-invalid on the controls). */
  invalid: boolean;
  /**
   * The respondent changed the answer. `settled` says the change is complete (a tap on
   * a choice, leaving a text field) so it may be checked at once; typing is not.
   */
  onChange(value: unknown, settled: boolean): void;
  /**
   * Shows (or clears) a message under the question that is not about the value itself (a
   * refused file, a denied position); read when drawn, so it follows a language switch.
   */
  reportError(message: PageText | null): void;
  media: MediaService;
}

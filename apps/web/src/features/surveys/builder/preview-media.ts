import type { AnswerQuestion, PendingMedia } from '../../../answer/answer-types';
import type { MediaService } from '../../../answer/question-kit';
import type { Question } from '../survey.types';

/** A builder question in the shape the answering components read. */
export function asAnswerQuestion(q: Question): AnswerQuestion {
  return { ...q, choices: q.choices ?? [] };
}

/**
 * Files in the builder's preview: kept in the page only (the question shows its name and
 * thumbnail), never uploaded. The value has the shape of a file waiting on the phone, which
 * the answer rules accept, so a required photo passes the preview's step check.
 */
export function previewMediaService(): MediaService {
  let count = 0;
  return {
    async attach(question: AnswerQuestion, _file: Blob, name: string): Promise<PendingMedia> {
      count += 1;
      return { pending: `preview:${question.id}:${count}`, name };
    },
    release() {},
    urlOf() {
      return null;
    },
    previewOnly: true,
  };
}

import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { makeQuestion } from '../test/survey-fixtures';
import { renderSurveyUi } from '../test/render-surveys';
import { loadSurveysI18n } from '../surveys-i18n';
import { QuestionCard } from './QuestionCard';

afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('fr'));
  localStorage.clear();
});

const question = makeQuestion(3, 10, 1, 'long_text', { label: 'Pourquoi ?' });

/** Points at the badge (the tooltip's target is the badge itself, around its label). */
function hover(badge: string) {
  const target = screen.getByTestId('broken-condition');
  expect(target.textContent).toBe(badge);
  fireEvent.pointerEnter(target);
  fireEvent.mouseEnter(target);
}

async function showBroken() {
  const noop = () => undefined;
  await renderSurveyUi(
    <QuestionCard
      question={question}
      index={1}
      count={2}
      editable
      busy={false}
      conditionText={null}
      brokenCondition="condition.problemLate"
      onMove={noop}
      onEdit={noop}
      onDuplicate={noop}
      onDelete={noop}
    />,
  );
}

describe('a question card with a broken condition', () => {
  it("says what is wrong in the builder's language (French, then English)", async () => {
    await showBroken();
    hover('Condition invalide');
    expect(await screen.findByText('Une condition ne peut porter que sur une question posée avant celle-ci.')).toBeTruthy();
    cleanup();
    await act(() => changeLanguage('en'));
    await loadSurveysI18n();
    await showBroken();
    hover('Invalid condition');
    expect(await screen.findByText('A condition can only look at a question asked before this one.')).toBeTruthy();
  });
});

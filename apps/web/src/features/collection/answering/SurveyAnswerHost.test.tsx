import '../../../test/dom-shims';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAnswerLanguage } from '../../../answer/answer-language';
import type { AnswerTransport } from '../../../answer/answer-transport';
import { demoDefinition } from '../../../answer/test/answer-fixtures';
import { changeLanguage, i18n, initI18n } from '../../../i18n/i18n';
import { SurveyAnswerHost } from './SurveyAnswerHost';

const transport: AnswerTransport = {
  loadDefinition: async () => structuredClone(demoDefinition()),
  submit: async (body) => ({ id: 1, status: body.status }),
  upload: async () => ({ id: 1 }),
};

// jsdom does not scroll; the engine scrolls to the top on each step.
window.scrollTo = () => undefined;

beforeAll(() => initI18n());
afterEach(async () => {
  await changeLanguage('fr');
  await setAnswerLanguage('fr');
});

function renderHost() {
  return render(
    <I18nextProvider i18n={i18n}>
      <SurveyAnswerHost code="SATDEMO" link={{}} sessionId="s1" transport={transport} />
    </I18nextProvider>,
  );
}

describe('SurveyAnswerHost', () => {
  it("speaks the app's language from its first screen, and follows a switch in place", async () => {
    await changeLanguage('en');
    renderHost();
    expect(await screen.findByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Commencer' })).toBeNull();

    await act(() => changeLanguage('de'));
    expect(await screen.findByRole('button', { name: 'Beginnen' })).toBeTruthy();
    expect(screen.getByText('Satisfaction client – Démo SARL')).toBeTruthy();
  });

  it('stays in French for a French app', async () => {
    renderHost();
    expect(await screen.findByRole('button', { name: 'Commencer' })).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { renderUi } from '../../../test/render-ui';
import type { Question, StepWithQuestions } from '../survey.types';
import { loadSurveysI18n } from '../surveys-i18n';
import { SurveyPreview } from './SurveyPreview';

const question = (id: number, extra: Partial<Question>): Question => ({
  id,
  survey_id: 1,
  step_id: 1,
  label: `Question ${id}`,
  help: null,
  type: 'short_text',
  required: false,
  position: id,
  settings: {},
  condition: null,
  state: 'active',
  ...extra,
});

const structure: StepWithQuestions[] = [
  {
    id: 1,
    survey_id: 1,
    title: 'Accueil',
    description: null,
    position: 1,
    state: 'active',
    questions: [
      question(11, { label: 'Bien accueilli ?', type: 'yes_no', required: true }),
      question(12, { label: 'Pourquoi ?', type: 'long_text', condition: { all: [{ question_id: 11, operator: 'eq', value: false }] } }),
      question(13, { label: 'Photo du rayon', type: 'photo', required: true }),
    ],
  },
];

describe('SurveyPreview', () => {
  it('draws the answering page’s own questions, applies conditions and checks a step with its rules', async () => {
    // The survey screens' texts load with those screens.
    await initI18n();
    await loadSurveysI18n();
    await renderUi(<SurveyPreview title="Satisfaction" structure={structure} stepId={1} onStepChange={() => undefined} />);
    // The answering page's controls: a yes/no as radios, a photo with camera and gallery.
    expect(await screen.findByLabelText('Oui')).toBeTruthy();
    expect(screen.getByLabelText('Prendre une photo')).toBeTruthy();
    expect(screen.queryByText('Pourquoi ?')).toBeNull();
    expect(screen.getByTestId('preview-hidden')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Vérifier les réponses' }));
    expect(screen.getAllByText('Cette question est obligatoire.')).toHaveLength(2);

    fireEvent.click(screen.getByLabelText('Non'));
    expect(screen.getByText('Pourquoi ?')).toBeTruthy();
    // A photo stays in the page (nothing uploaded) and counts as answered.
    const input = screen.getByLabelText('Prendre une photo') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['png'], 'rayon.png', { type: 'image/png' })], configurable: true });
    fireEvent.change(input);
    expect(await screen.findByText('rayon.png')).toBeTruthy();
    // It says so, not that it will be sent when the network is back.
    expect(screen.getByText('Fichier gardé dans l’aperçu : il n’est jamais envoyé.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier les réponses' }));
    expect(screen.queryByText('Cette question est obligatoire.')).toBeNull();
  });
});

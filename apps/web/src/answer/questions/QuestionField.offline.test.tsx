import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerQuestion } from '../answer-types';
import type { MediaService } from '../question-kit';
import { QuestionField } from './QuestionField';

// The signature pad's chunk cannot be fetched the first time (the phone went offline).
const network = vi.hoisted(() => ({ offline: true }));
vi.mock('./SignatureInput', async (importActual) => {
  if (network.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importActual();
});

const media: MediaService = { attach: async (_q, _f, name) => ({ id: 5, name }), release: () => undefined, urlOf: () => null };
const signature: AnswerQuestion = { id: 4, step_id: 1, label: 'Votre signature', type: 'signature', required: true, settings: {}, choices: [] };

afterEach(cleanup);

describe('QuestionField offline', () => {
  it('keeps the page when the signature pad cannot be fetched, and tries again on demand', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <h2>Étape 3</h2>
        <QuestionField question={signature} value={undefined} error={null} onChange={() => undefined} media={media} />
      </div>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/n’a pas pu être chargé/);
    // The rest of the page is still there: the step's title and the question's legend.
    expect(screen.getByText('Étape 3')).toBeTruthy();
    expect(screen.getByText('Votre signature')).toBeTruthy();
    network.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: 'Valider la signature' })).toBeTruthy();
  });
});

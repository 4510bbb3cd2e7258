import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCan } from '../survey-abilities';
import type { Survey } from '../survey.types';
import { fakeApi, makeSurvey } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent, TEST_SID } from '../test/render-surveys';
import { useConfirm } from '../ui/ConfirmDialog';
import { SurveyHeader } from './SurveyHeader';

function Harness({ survey }: { survey: Survey }) {
  const can = useCan();
  const [confirm, dialog] = useConfirm();
  return (
    <>
      <SurveyHeader sid={TEST_SID} survey={survey} can={can} confirm={confirm} />
      {dialog}
    </>
  );
}

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const buttonsIn = () => within(screen.queryByTestId('lifecycle-actions') ?? document.createElement('div')).queryAllByRole('button').map((b) => b.textContent);

describe('lifecycle buttons of the survey header', { timeout: 30_000 }, () => {
  it('shows the transitions the status allows and the account holds, and runs them', async () => {
    storeAgent('surveys.show', 'surveys.submit', 'surveys.publish');
    const api = fakeApi({ 'POST surveys/1/submit': () => ({ body: { data: makeSurvey({ status: 'submitted' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'draft' })} />);
    expect(buttonsIn()).toEqual(['Soumettre']);
    fireEvent.click(screen.getByTestId('lifecycle-submit'));
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST surveys/1/submit'));
    expect(await screen.findByText('Formulaire « Satisfaction » : soumis.')).toBeTruthy();
  });

  it('hides what the account may not do', async () => {
    storeAgent('surveys.show', 'surveys.reject');
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'submitted' })} />);
    expect(buttonsIn()).toEqual(['Rejeter']);
  });

  it('asks before closing, and sends nothing when the person cancels', async () => {
    storeAgent('surveys.close');
    const api = fakeApi({ 'POST surveys/1/close': () => ({ body: { data: makeSurvey({ status: 'closed' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'published' })} />);
    fireEvent.click(screen.getByTestId('lifecycle-close'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Clôturer « Satisfaction » ?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getByTestId('lifecycle-close'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST surveys/1/close']));
  });

  it('sends the rejection reason typed in the confirmation', async () => {
    storeAgent('surveys.reject');
    const api = fakeApi({ 'POST surveys/1/reject': () => ({ body: { data: makeSurvey({ status: 'rejected' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'submitted' })} />);
    fireEvent.click(screen.getByTestId('lifecycle-reject'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.change(within(dialog).getByLabelText('Motif du rejet (facultatif)'), { target: { value: 'Questions trop longues' } });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls[0]?.body).toEqual({ comment: 'Questions trop longues' }));
  });

  it('puts the activation toggle in the menu, named by what it does', async () => {
    storeAgent('surveys.active', 'surveys.delete');
    const api = fakeApi({ 'POST surveys/1/active': () => ({ body: { data: makeSurvey({ active: true }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'closed', active: false })} />);
    fireEvent.click(screen.getByTestId('survey-menu'));
    expect(await screen.findByTestId('delete-survey')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Activer' }));
    await waitFor(() => expect(api.calls[0]).toMatchObject({ method: 'POST', path: 'surveys/1/active', body: { active: true } }));
  });
});

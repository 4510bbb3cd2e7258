import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCan } from '../survey-abilities';
import type { Survey } from '../survey.types';
import { fakeApi, makeSurvey } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent, TEST_SID } from '../test/render-surveys';
import { useConfirm } from '../../../ui/ConfirmDialog';
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

const policy = (required: boolean) => ({ 'GET surveys/policy': () => ({ body: { data: { publication_requires_approval: required } } }) });
const posts = (calls: Array<{ method: string; path: string }>) => calls.filter((c) => c.method === 'POST').map((c) => `${c.method} ${c.path}`);

describe('lifecycle buttons of the survey header', { timeout: 30_000 }, () => {
  it('publishes a draft in one confirmed step when the company requires no approval', async () => {
    storeAgent('surveys.show', 'surveys.submit', 'surveys.publish');
    const api = fakeApi({ ...policy(false), 'POST surveys/1/publish': () => ({ body: { data: makeSurvey({ status: 'published' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'draft' })} />);
    await screen.findByTestId('lifecycle-publish');
    expect(buttonsIn()).toEqual(['Publier']);
    fireEvent.click(screen.getByTestId('lifecycle-publish'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Publier « Satisfaction » ?');
    expect(posts(api.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(posts(api.calls)).toEqual(['POST surveys/1/publish']));
    expect(await screen.findByText('Formulaire « Satisfaction » : publié.')).toBeTruthy();
  });

  it('submits for approval, with a confirmation, when the company requires one; then says it waits', async () => {
    storeAgent('surveys.show', 'surveys.submit', 'surveys.publish', 'surveys.reject');
    const api = fakeApi({ ...policy(true), 'POST surveys/1/submit': () => ({ body: { data: makeSurvey({ status: 'submitted' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    const view = await renderSurveyUi(<Harness survey={makeSurvey({ status: 'draft' })} />);
    fireEvent.click(await screen.findByTestId('lifecycle-submit'));
    expect(buttonsIn()).toEqual(['Soumettre pour approbation']);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('pour approbation ?');
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(posts(api.calls)).toEqual(['POST surveys/1/submit']));
    view.unmount();
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'submitted' })} />);
    expect((await screen.findByTestId('awaiting-approval')).textContent).toContain('En attente d’approbation');
    expect(screen.queryByTestId('lifecycle-publish')).toBeNull();
  });

  it('shows no "···" menu when it would be empty (a partner who may only look)', async () => {
    storeAgent('surveys.show');
    vi.stubGlobal('fetch', fakeApi(policy(false)).fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'published' })} />);
    await screen.findByTestId('survey-title');
    expect(screen.queryByTestId('survey-menu')).toBeNull();
  });

  it('hides what the account may not do', async () => {
    storeAgent('surveys.show', 'surveys.reject');
    vi.stubGlobal('fetch', fakeApi(policy(false)).fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'submitted' })} />);
    await screen.findByTestId('lifecycle-reject');
    expect(buttonsIn()).toEqual(['Rejeter']);
  });

  it('asks before closing, and sends nothing when the person cancels', async () => {
    storeAgent('surveys.close');
    const api = fakeApi({ ...policy(false), 'POST surveys/1/close': () => ({ body: { data: makeSurvey({ status: 'closed' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'published' })} />);
    fireEvent.click(await screen.findByTestId('lifecycle-close'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Clôturer « Satisfaction » ?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(posts(api.calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('lifecycle-close'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(posts(api.calls)).toEqual(['POST surveys/1/close']));
  });

  it('sends the rejection reason typed in the confirmation', async () => {
    storeAgent('surveys.reject');
    const api = fakeApi({ ...policy(false), 'POST surveys/1/reject': () => ({ body: { data: makeSurvey({ status: 'rejected' }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'submitted' })} />);
    fireEvent.click(await screen.findByTestId('lifecycle-reject'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.change(within(dialog).getByLabelText('Motif du rejet (facultatif)'), { target: { value: 'Questions trop longues' } });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Questions trop longues' }));
  });

  it('puts the activation toggle in the menu, named by what it does', async () => {
    storeAgent('surveys.active', 'surveys.delete');
    const api = fakeApi({ 'POST surveys/1/active': () => ({ body: { data: makeSurvey({ active: true }) } }) });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={makeSurvey({ status: 'closed', active: false })} />);
    fireEvent.click(screen.getByTestId('survey-menu'));
    expect(await screen.findByTestId('delete-survey')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Activer' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ path: 'surveys/1/active', body: { active: true } }));
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeQuestion, makeStep, makeSurvey } from '../features/surveys/test/survey-fixtures';
import { accounts } from '../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../test/account-fixtures';
import { renderRoute } from '../test/render-route';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

let sequence = 0;
/** A fresh signed-in agent (new session id: the start-up cache is per session). */
function signIn(...permissions: string[]) {
  sequence += 1;
  const sid = `sv${String(sequence).padStart(2, '0')}x9`;
  const agents = [makeAgent(7, 10, grant(...permissions))];
  accounts.save(makeAccount(sid, { agents }));
  return { sid, user: makeUser({ agents }) };
}

const survey = makeSurvey({
  steps: [makeStep(10, 0, { title: 'Votre visite' }), makeStep(11, 1, { title: 'Recommandation' })],
  questions: [makeQuestion(1, 10, 0, 'yes_no', { label: 'Êtes-vous satisfait ?' }), makeQuestion(2, 11, 0, 'scale', { label: 'Nous recommanderiez-vous ?' })],
});

describe('survey routes', { timeout: 60_000 }, () => {
  it('opens a survey on its builder tab, then changes only ?tab= when another tab is chosen', async () => {
    const { sid, user } = signIn('surveys.show', 'surveys.update');
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET auth': () => ({ body: { data: user } }),
        'GET surveys/1': () => ({ body: { data: survey } }),
        'GET surveys/1/link': () => ({
          body: { data: { code: 'ABCD2345', path: '/m/su/ABCD2345', url: 'http://localhost/m/su/ABCD2345', qrcode: {}, public_qrcode: {} } },
        }),
      }).fetch,
    );
    const { router } = await renderRoute(`/${sid}/business/view/surveys/form/1`);
    const builder = await screen.findByTestId('survey-builder');
    expect(within(builder).getAllByTestId('step-item').map((s) => s.textContent)).toEqual([
      expect.stringContaining('Votre visite'),
      expect.stringContaining('Recommandation'),
    ]);
    expect(screen.getByTestId('survey-title').textContent).toBe('Satisfaction');

    fireEvent.click(screen.getByTestId('tab-share'));
    expect((await screen.findByTestId('share-link')).getAttribute('value')).toBe('http://localhost/m/su/ABCD2345');
    expect(router.state.location.pathname).toBe(`/${sid}/business/view/surveys/form/1`);
    expect(router.state.location.search).toBe('?tab=share');
    expect(await screen.findByTestId('qr-image')).toBeTruthy();
  });

  it('puts the survey type of the address right without leaving the page', async () => {
    const { sid, user } = signIn('surveys.show');
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: user } }), 'GET surveys/1': () => ({ body: { data: survey } }) }).fetch);
    const { router } = await renderRoute(`/${sid}/business/view/surveys/evaluation/1?tab=builder`);
    await screen.findByTestId('survey-builder');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${sid}/business/view/surveys/form/1`));
    expect(router.state.location.search).toBe('?tab=builder');
  });

  it('sends an agent without the surveys ability to the 403 page', async () => {
    const { sid, user } = signIn('participations.list');
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: user } }) }).fetch);
    const { router } = await renderRoute(`/${sid}/business/view/surveys`);
    await screen.findByTestId('error-page');
    expect(router.state.location.pathname).toBe('/error/403');
  });

  it('needs surveys.create for the `new` action', async () => {
    const { sid, user } = signIn('surveys.show', 'surveys.list');
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: user } }) }).fetch);
    const { router } = await renderRoute(`/${sid}/business/new/surveys`);
    await screen.findByTestId('error-page');
    expect(router.state.location.pathname).toBe('/error/403');
  });

  it('lists surveys with the search of the address', async () => {
    const { sid, user } = signIn('surveys.show', 'surveys.create');
    const api = fakeApi({
      'GET auth': () => ({ body: { data: user } }),
      'POST surveys/search': () => ({ body: { data: [survey], meta: { limit: 20, page: 0, start: 0, has_more: false, total: 1 } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/business/view/surveys?q=satis&status=draft`);
    expect((await screen.findAllByTestId('survey-row'))[0].textContent).toContain('Satisfaction');
    const search = api.calls.find((c) => c.path === 'surveys/search');
    expect(search?.body).toMatchObject({ input: 'satis', filter_groups: [{ filters: [{ key: 'status', operator: 'eq', value: 'draft' }] }], with_total: true });
    expect(screen.getByTestId('create-survey')).toBeTruthy();
  });

  it('leads from the navigation to the surveys, only with the surveys ability', async () => {
    const { sid, user } = signIn('surveys.show', 'surveys.create');
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: user } }) }).fetch);
    await renderRoute(`/${sid}/business`);
    const nav = await screen.findByTestId('side-nav');
    expect(within(nav).getByRole('link', { name: 'Formulaires' }).getAttribute('href')).toBe(`/${sid}/business/view/surveys`);
    expect(within(nav).queryByRole('link', { name: 'Modèles' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Questions par défaut' })).toBeNull();
    cleanup();
    const other = signIn('participations.list');
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: other.user } }) }).fetch);
    await renderRoute(`/${other.sid}/business`);
    await screen.findByTestId('business-home');
    expect(within(screen.getByTestId('side-nav')).queryByRole('link', { name: 'Formulaires' })).toBeNull();
  });

  it('shows a large QR code of a survey code on the public /qrcode-preview page', async () => {
    await renderRoute('/qrcode-preview?code=ABCD2345&title=Visite');
    const preview = await screen.findByTestId('qr-preview');
    expect(within(preview).getByTestId('qr-preview-url').textContent).toBe('http://localhost:3000/m/su/ABCD2345');
    expect(await within(preview).findByTestId('qr-image')).toBeTruthy();
    expect(within(preview).getByRole('heading', { level: 1 }).textContent).toBe('Visite');
  });
});

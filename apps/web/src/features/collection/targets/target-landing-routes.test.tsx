import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../../../test/account-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

let sequence = 0;
function signIn() {
  sequence += 1;
  const sid = `tl${String(sequence).padStart(2, '0')}x9`;
  const agents = [makeAgent(7, 10, grant('participations.create'))];
  accounts.save(makeAccount(sid, { agents }));
  return { sid, user: makeUser({ agents }) };
}

const company = { id: 10, name: 'Démo SARL', code: 'DEMSRL', logo: null };
const site = { kind: 'site', id: 4, code: 'K7P2QX9A', name: 'Agence Akwa', photo: null, site: null };
const survey = (code: string, title: string) => ({ id: code.length, code, title, description: null });

describe('signed-in landing pages of codes', { timeout: 60_000 }, () => {
  it('opens the one open survey of a site for an agent, the target carried on the answering link', async () => {
    const { sid, user } = signIn();
    const api = fakeApi({
      'GET auth': () => ({ body: { data: user } }),
      'GET public/getobject/si/K7P2QX9A/4': () => ({ body: { data: { type: 'target', target: site, company, surveys: [survey('VISITSIT', 'Visite de site')] } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderRoute(`/${sid}/m/si/4/K7P2QX9A`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${sid}/web/surveys/contribution/VISITSIT`));
    expect(router.state.location.search).toBe('?target=site%3A4');
    expect(sessionStorage.getItem('answer:target:site:4')).toBe('Agence Akwa');
  });

  it('names the target and lists several surveys, or says the code is unknown', async () => {
    const { sid, user } = signIn();
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET auth': () => ({ body: { data: user } }),
        'GET public/getobject/si/K7P2QX9A/4': () => ({
          body: { data: { type: 'target', target: site, company, surveys: [survey('AAAA2222', 'Accueil'), survey('BBBB3333', 'Propreté')] } },
        }),
      }).fetch,
    );
    await renderRoute(`/${sid}/m/si/4/K7P2QX9A`);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Agence Akwa'));
    const links = (await screen.findAllByTestId('landing-survey')).map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/${sid}/web/surveys/contribution/AAAA2222?target=site%3A4`, `/${sid}/web/surveys/contribution/BBBB3333?target=site%3A4`]);
    cleanup();
    await renderRoute(`/${sid}/m/si/4/ZZZZZZZZ`);
    expect(await screen.findByTestId('landing-not-found')).toBeTruthy();
  });

  it('lists a company’s places to rate and open surveys', async () => {
    const { sid, user } = signIn();
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET auth': () => ({ body: { data: user } }),
        'GET public/getobject/co/DEMSRL': () => ({
          body: { data: { type: 'company', company, surveys: [survey('EVALGUIC', 'Évaluez notre guichet')], targets: [{ ...site, path: '/m/si/K7P2QX9A' }] } },
        }),
      }).fetch,
    );
    await renderRoute(`/${sid}/m/co/10/DEMSRL`);
    expect((await screen.findByTestId('landing-target-link')).getAttribute('href')).toBe(`/${sid}/m/si/4/K7P2QX9A`);
    expect(screen.getByTestId('landing-survey').getAttribute('href')).toBe(`/${sid}/web/surveys/contribution/EVALGUIC`);
  });
});

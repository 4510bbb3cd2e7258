import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRedirect } from '../lib/session/addresses';
import { inSession } from '../lib/session/session-id';
import { CodeEntry, TargetLanding } from './screens/TargetLanding';
import { answerLinkFor, contactLinkFor, type LandingObject } from './target-landing';

afterEach(cleanup);

const company = { id: 3, name: 'Démo SARL', code: 'DEMO01', logo: null };
const target = { kind: 'workspace' as const, id: 12, code: 'K7P2QX9A', name: 'Guichet 1', photo: '/images/akwa.jpg', site: { id: 4, name: 'Agence Akwa' } };
const survey = (code: string, title: string) => ({ code, title, description: null });

async function landing(found: LandingObject | null, search = '') {
  const go = vi.fn();
  const { container } = render(<TargetLanding load={async () => found} search={search} go={go} type="ws" code={target.code} />);
  // Drawn once the object has loaded.
  await act(async () => undefined);
  return { container, go };
}

describe('target landing page', () => {
  it('goes straight to answering the one open survey, carrying the target, ref and src', async () => {
    const { go } = await landing({ type: 'target', target, company, surveys: [survey('EVALGUIC', 'Évaluez notre guichet')] }, '?ref=comptoir&utm=x');
    expect(go).toHaveBeenCalledWith('/web/surveys/contribution/EVALGUIC?ref=comptoir&target=workspace%3A12', true);
  });

  it('names the target, its site and photo, and lists several surveys', async () => {
    const { container, go } = await landing({ type: 'target', target, company, surveys: [survey('AAAA2222', 'Accueil'), survey('BBBB3333', 'Propreté')] });
    expect(go).not.toHaveBeenCalled();
    expect(container.querySelector('h1')?.textContent).toBe('Guichet 1');
    expect(container.textContent).toContain('Site : Agence Akwa');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/akwa.jpg');
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/web/surveys/contribution/AAAA2222?target=workspace%3A12', '/web/surveys/contribution/BBBB3333?target=workspace%3A12']);
  });

  it('says when nothing is open, and when the code is unknown', async () => {
    expect((await landing({ type: 'target', target, company, surveys: [] })).container.querySelector('[data-testid="landing-no-survey"]')).not.toBeNull();
    expect((await landing(null)).container.querySelector('[data-testid="landing-not-found"]')).not.toBeNull();
  });

  it('lists a company’s open surveys and the places to rate', async () => {
    const { container } = await landing({ type: 'company', company, surveys: [survey('EVALGUIC', 'Évaluez notre guichet')], targets: [{ ...target, path: '/m/ws/K7P2QX9A' }] });
    const links = [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Guichet 1 — Agence Akwa', '/m/ws/K7P2QX9A'],
      ['Évaluez notre guichet', '/web/surveys/contribution/EVALGUIC'],
      ['Parler à l’entreprise', '/auth/login?redirect=%2Fweb%2Fcontact%3Fcompany%3DDEMO01'],
    ]);
  });

  it('sends "Parler à l’entreprise" through sign-in to the ask-to-talk screen of the company', () => {
    const href = contactLinkFor('DEMO01');
    const url = new URL(href, 'https://app.example');
    expect(url.pathname).toBe('/auth/login');
    // What the sign-in page then opens, in the session (guards.ts readRedirect + inSession).
    const back = readRedirect(url.search);
    expect(back).toBe('/web/contact?company=DEMO01');
    expect(inSession('ab12cd', back!)).toBe('/ab12cd/web/contact?company=DEMO01');
  });

  it('builds answering links without a target for plain surveys', () => {
    expect(answerLinkFor('AB12CD34', null, '?src=qr')).toBe('/web/surveys/contribution/AB12CD34?src=qr');
  });
});

describe('code entry page', () => {
  it('opens a survey, a company or a QR code by the code typed, and says when none matches', async () => {
    const known: Record<string, LandingObject> = {
      'su:SATDEMCL': { type: 'survey', survey: survey('SATDEMCL', 'Satisfaction') },
      'co:DEMO01': { type: 'company', company, surveys: [] },
      'target:K7P2QX9A': { type: 'target', target, company, surveys: [] },
    };
    const go = vi.fn();
    const { container } = render(<CodeEntry search="" go={go} load={async (type, code) => known[`${type}:${code}`] ?? null} />);
    const input = container.querySelector('input')!;
    const submit = async (value: string) => {
      fireEvent.change(input, { target: { value } });
      fireEvent.submit(container.querySelector('form')!);
      await vi.waitFor(() => expect(container.querySelector('button')!.disabled).toBe(false));
    };
    await submit(' satdemcl ');
    await submit('DEMO01');
    await submit('k7p2qx9a');
    expect(go.mock.calls.map((c) => c[0])).toEqual(['/m/su/SATDEMCL', '/m/co/DEMO01', '/m/ws/K7P2QX9A']);
    await submit('ZZZZ9999');
    expect(container.querySelector('[data-testid="landing-code-error"]')?.textContent).toBe('Aucune entreprise, aucun formulaire ni aucun code QR ne porte ce code.');
  });
});

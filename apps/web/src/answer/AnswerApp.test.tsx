import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language-preference';
import { AnswerApp, type AnswerAppProps } from './AnswerApp';
import { setAnswerLanguage } from './answer-language';
import { cacheDefinition, type KeyValueStore, memoryStore } from './answer-storage';
import type { AnswerTransport } from './answer-transport';
import type { AnswerDefinition, ParticipationBody } from './answer-types';
import { keptKey } from './kept-files';
import { type BlobStore, memoryBlobStore } from './media-store';
import { QUEUE_KEY, TransportError } from './submit-queue';
import { LanguageSwitch } from './screens/LanguageSwitch';
import { demoDefinition } from './test/answer-fixtures';

function fakeServer(definition: AnswerDefinition | TransportError = demoDefinition()) {
  const submissions: ParticipationBody[] = [];
  const uploads: Array<{ name: string; clientUuid: string; surveyCode?: string }> = [];
  const transport: AnswerTransport = {
    loadDefinition: async () => {
      if (definition instanceof TransportError) throw definition;
      return structuredClone(definition);
    },
    submit: async (body) => {
      submissions.push(JSON.parse(JSON.stringify(body)));
      // The company's number (12), not the platform's id (314), is the reference shown.
      return { id: 314, number: 12, status: body.status };
    },
    upload: async (_file, name, meta) => {
      uploads.push({ name, clientUuid: meta.clientUuid, surveyCode: meta.surveyCode });
      return { id: 77 };
    },
  };
  return { transport, submissions, uploads };
}

// jsdom does not scroll; the page scrolls to the top on each step.
window.scrollTo = () => undefined;

/** The page as a phone shows it: one app at a time, a new mount is a reload (the old one leaves first). */
let app: { unmount(): void } | null = null;
function mountApp(props: AnswerAppProps, withLanguageSwitch = false) {
  app?.unmount();
  document.body.replaceChildren();
  app = render(withLanguageSwitch ? <WithLanguageSwitch {...props} /> : <AnswerApp {...props} />);
}
/** The public page's language switch above the app (main.tsx). */
function WithLanguageSwitch(props: AnswerAppProps) {
  const [language, setLanguage] = useState('fr');
  return (
    <>
      <LanguageSwitch storage={localStorage} doc={document} onSwitched={setLanguage} />
      <AnswerApp {...props} language={language} />
    </>
  );
}
function mount(transport: AnswerTransport, store: KeyValueStore, blobs: BlobStore = memoryBlobStore(), code = 'SATDEMO') {
  mountApp({ code, link: { ref: 'affiche', src: 'qr' }, transport, store, blobs, signInHref: '/auth/login?redirect=x' });
}
afterEach(async () => {
  app?.unmount();
  app = null;
  await setAnswerLanguage('fr', document);
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const next = () => fireEvent.click(screen.getByTestId('answer-next'));

/** Starts the demo survey and answers its first two steps ("Oui", then `stars` sur 5): the photo step shows. */
async function answerToPhotoStep(stars: number) {
  fireEvent.click(await screen.findByRole('button', { name: 'Commencer' }));
  fireEvent.click(screen.getByLabelText('Oui'));
  next();
  fireEvent.click(await screen.findByLabelText(`${stars} sur 5`));
  next();
  await screen.findByText('Étape 3 sur 3');
}

/** Picks `name` as the photo and waits for what the question then says (uploaded, by default). */
async function attachPhoto(name: string, shown = 'Fichier enregistré.') {
  const input = (await screen.findByLabelText('Prendre une photo')) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [new File(['png'], name, { type: 'image/png' })], configurable: true });
  fireEvent.change(input);
  await screen.findByText(shown);
}

const sendAnswers = () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));

describe('answering page', () => {
  it('lets the respondent of an evaluation’s own link (no target in it) pick what they evaluate, searchable, with codes, and sends it', async () => {
    const definition = demoDefinition();
    definition.survey.type = 'evaluation';
    definition.steps = [definition.steps[0]!];
    const server = fakeServer(definition);
    const asked: string[] = [];
    const all = [
      { kind: 'workspace' as const, id: 31, code: 'WSAKWA01', name: 'Guichet 1', site_name: 'Agence Akwa' },
      { kind: 'workspace' as const, id: 32, code: 'WSBONA02', name: 'Caisse 2', site_name: 'Agence Bonanjo' },
    ];
    server.transport.loadTargets = async (code, query) => {
      asked.push(`${code}:${query}`);
      const q = query.toLowerCase();
      return { kind: 'workspace', listed: true, more: false, targets: all.filter((x) => !q || x.name.toLowerCase().includes(q) || x.code.toLowerCase() === q) };
    };
    const chosen: string[] = [];
    mountApp({ code: 'SATDEMO', link: {}, transport: server.transport, store: memoryStore(), blobs: memoryBlobStore(), onTargetChosen: (v) => chosen.push(v) });

    const picker = await screen.findByTestId('target-picker');
    expect(screen.getByText('Que souhaitez-vous évaluer ?')).toBeTruthy();
    expect(await screen.findByText('Code : WSBONA02')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Commencer' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Rechercher par nom ou par code'), { target: { value: 'caisse' } });
    await waitFor(() => expect(screen.getAllByTestId('target-choice')).toHaveLength(1));
    expect(asked).toContain('SATDEMO:caisse');
    expect(picker.textContent).toContain('Caisse 2 — Agence Bonanjo');
    fireEvent.click(screen.getByTestId('target-choice'));

    expect(chosen).toEqual(['workspace:32']);
    expect((await screen.findByTestId('answer-target')).textContent).toBe('Caisse 2 · Agence Bonanjo');
    fireEvent.click(await screen.findByRole('button', { name: 'Commencer' }));
    fireEvent.click(screen.getByLabelText('Oui'));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    await waitFor(() => expect(server.submissions.filter((x) => x.status === 'submitted')).toHaveLength(1));
    expect(server.submissions.find((x) => x.status === 'submitted')!.target).toEqual({ kind: 'workspace', id: 32 });
  });

  it('updates "N réponses sont à corriger" as the answers are corrected, and drops it when none is left', async () => {
    mount(fakeServer().transport, memoryStore());
    fireEvent.click(await screen.findByRole('button', { name: 'Commencer' }));
    const phone = screen.getByLabelText('Votre téléphone');
    fireEvent.change(phone, { target: { value: '12' } });
    next();
    expect(screen.getByText('2 réponses sont à corriger.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Oui'));
    expect(screen.getByText('Une réponse est à corriger.')).toBeTruthy();
    expect(screen.queryByText('2 réponses sont à corriger.')).toBeNull();
    fireEvent.change(phone, { target: { value: '6 77 12 34 56' } });
    await waitFor(() => expect(screen.queryByText('Une réponse est à corriger.')).toBeNull());
    expect(screen.getByText('Étape 1 sur 3')).toBeTruthy();
  });

  it('walks the steps with live conditions, French errors, a reload halfway, a photo, and one submission', async () => {
    const server = fakeServer();
    const store = memoryStore();
    mount(server.transport, store);
    fireEvent.click(await screen.findByRole('button', { name: 'Commencer' }));

    // Step 1: required yes/no; "Non" shows the follow-up, which becomes required.
    expect(screen.getByText('Étape 1 sur 3')).toBeTruthy();
    next();
    expect(screen.getByText('Une réponse est à corriger.')).toBeTruthy();
    expect(screen.getByText('Cette question est obligatoire.')).toBeTruthy();
    const followUp = () => screen.getByText('Qu’est-ce qui n’allait pas ?').closest('.ans-question') as HTMLElement;
    expect(followUp().hidden).toBe(true);
    fireEvent.click(screen.getByLabelText('Non'));
    expect(followUp().hidden).toBe(false);
    fireEvent.click(screen.getByLabelText('Oui'));
    expect(followUp().hidden).toBe(true);
    fireEvent.change(screen.getByLabelText('Votre téléphone'), { target: { value: '6 77 12 34 56' } });
    next();

    // Step 2, partially answered, then the phone reloads the page.
    expect(await screen.findByText('Étape 2 sur 3')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('4 sur 5'));
    await waitFor(() => expect(server.submissions.at(-1)?.status).toBe('in_progress'));
    const uuid = server.submissions[0].client_uuid;
    mount(server.transport, store);
    expect(await screen.findByText('Étape 2 sur 3')).toBeTruthy();
    expect((screen.getByLabelText('4 sur 5') as HTMLInputElement).checked).toBe(true);
    next();

    // Step 3: a photo (uploaded under the participation's key) and submit.
    expect(await screen.findByText('Étape 3 sur 3')).toBeTruthy();
    await attachPhoto('magasin.png');
    expect(server.uploads).toEqual([{ name: 'magasin.png', clientUuid: uuid, surveyCode: 'SATDEMO' }]);
    sendAnswers();

    expect(await screen.findByTestId('answer-reference')).toHaveProperty('textContent', 'Référence : N° 12');
    const final = server.submissions.filter((s) => s.status === 'submitted');
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({
      client_uuid: uuid,
      survey_code: 'SATDEMO',
      ref: 'affiche',
      src: 'qr',
      answers: [
        { question_id: 101, value: true },
        { question_id: 103, value: '6 77 12 34 56' },
        { question_id: 201, value: 4 },
        { question_id: 301, value: 77 },
      ],
    });
    expect(server.submissions.every((s) => s.client_uuid === uuid)).toBe(true);

    // A reload after the end shows the end screen again, not a blank survey.
    mount(server.transport, store);
    expect(await screen.findByTestId('answer-reference')).toBeTruthy();
  });

  it('checks the contact fields: a Cameroonian mobile number', async () => {
    const server = fakeServer();
    mount(server.transport, memoryStore());
    fireEvent.input(await screen.findByLabelText(/Téléphone/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Commencer' }));
    expect(screen.getByText(/numéro de mobile camerounais valide/)).toBeTruthy();
    fireEvent.input(screen.getByLabelText(/Téléphone/), { target: { value: '+237 690 00 00 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Commencer' }));
    expect(await screen.findByText('Étape 1 sur 3')).toBeTruthy();
  });

  it('keeps answering offline and sends once the network is back', async () => {
    const server = fakeServer(demoDefinition({}));
    let online = false;
    const realSubmit = server.transport.submit;
    server.transport.submit = async (b) => {
      if (!online) throw new TransportError('Pas de connexion au serveur.', null);
      return realSubmit(b);
    };
    mount(server.transport, memoryStore());
    await answerToPhotoStep(5);
    await attachPhoto('p.png');
    sendAnswers();
    expect(await screen.findByTestId('answer-done-waiting')).toBeTruthy();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByTestId('answer-reference')).toBeTruthy();
    expect(server.submissions.filter((s) => s.status === 'submitted')).toHaveLength(1);
  });

  it('sends what an older page queued under a survey id by the code this phone knows for it', async () => {
    const store = memoryStore();
    const other = demoDefinition();
    other.survey = { ...other.survey, id: 9, code: 'AUTRE234' };
    cacheDefinition(store, 'AUTRE234', other);
    const queued = (id: number, uuid: string) => ({ body: { survey_id: id, client_uuid: uuid, status: 'submitted', answers: [] }, version: 1, attempts: 1 });
    store.setItem(`${QUEUE_KEY}:public`, JSON.stringify({ 'old-of-other-1': queued(9, 'old-of-other-1'), 'old-of-this-1': queued(7, 'old-of-this-1') }));
    const server = fakeServer();
    mount(server.transport, store);
    await screen.findByRole('button', { name: 'Commencer' });
    await waitFor(() => expect(server.submissions).toHaveLength(2));
    expect(server.submissions.map((b) => [b.client_uuid, b.survey_code, b.survey_id])).toEqual([
      ['old-of-other-1', 'AUTRE234', undefined],
      ['old-of-this-1', 'SATDEMO', undefined],
    ]);
  });

  it('keeps what an older page queued by id for a survey it cannot name, says how to send it, and sends it from that survey’s link', async () => {
    const store = memoryStore();
    const old = { survey_id: 9, client_uuid: 'old-of-other-1', status: 'submitted', answers: [{ question_id: 901, value: 'oui' }] };
    store.setItem(`${QUEUE_KEY}:public`, JSON.stringify({ 'old-of-other-1': { body: old, version: 1, attempts: 1 } }));
    const other = demoDefinition();
    other.survey = { ...other.survey, id: 9, code: 'AUTRE234', title: 'Autre enquête' };
    const server = fakeServer();
    server.transport.loadDefinition = async (code) => structuredClone(code === 'AUTRE234' ? other : demoDefinition());
    const realSubmit = server.transport.submit;
    // As for anyone but the company's agents: a survey named by id is not found.
    server.transport.submit = async (b) => {
      if (!b.survey_code) throw new TransportError('Formulaire introuvable.', 404, 'not_found');
      return realSubmit(b);
    };
    mount(server.transport, store);
    await screen.findByRole('button', { name: 'Commencer' });
    const notice = await screen.findByTestId('answer-held');
    await waitFor(() => expect(notice.hidden).toBe(false));
    expect(notice.textContent).toBe(
      'Des réponses données plus tôt sur ce téléphone n’ont pas encore pu partir : elles y sont gardées. Rouvrez le lien de leur formulaire (code QR ou adresse reçue) pour les envoyer.',
    );
    expect(JSON.parse(store.getItem(`${QUEUE_KEY}:public`) ?? '{}')['old-of-other-1']).toMatchObject({ body: old, held: true });
    // Opening this survey again neither sends it nor drops it.
    mount(server.transport, store);
    await screen.findByRole('button', { name: 'Commencer' });
    await waitFor(() => expect(screen.getByTestId('answer-held').hidden).toBe(false));
    expect(server.submissions).toEqual([]);

    // The respondent opens the other survey's link: its code is known, the answers go.
    mount(server.transport, store, memoryBlobStore(), 'AUTRE234');
    await screen.findByText('Autre enquête');
    await waitFor(() => expect(server.submissions).toHaveLength(1));
    expect(server.submissions[0]).toEqual({ survey_code: 'AUTRE234', client_uuid: 'old-of-other-1', status: 'submitted', answers: old.answers });
    await waitFor(() => expect(JSON.parse(store.getItem(`${QUEUE_KEY}:public`) ?? '{}')).toEqual({}));
    expect(screen.getByTestId('answer-held').hidden).toBe(true);
  });

  it('lets an invited contributor take a photo offline and sends it later under the survey code', async () => {
    const state = { online: false };
    const uploads: Array<{ questionId: number; surveyCode?: string }> = [];
    const sent: ParticipationBody[] = [];
    const transport: AnswerTransport = {
      loadDefinition: async () => demoDefinition(),
      // The contributor is no agent of the survey's company: a file needs the survey's code.
      async upload(_file, _name, meta) {
        if (!state.online) throw new TransportError('Pas de connexion au serveur.', null);
        uploads.push({ questionId: meta.questionId, surveyCode: meta.surveyCode });
        if (!meta.surveyCode) throw new TransportError('Certaines données ne sont pas valides.', 422, 'validation_failed', { question_id: ['Question introuvable.'] });
        return { id: 88 };
      },
      async submit(b) {
        if (!state.online) throw new TransportError('Pas de connexion au serveur.', null);
        sent.push(JSON.parse(JSON.stringify(b)));
        return { id: 41, status: b.status };
      },
    };
    const blobs = memoryBlobStore();
    const store = memoryStore();
    const contribute = () => mountApp({ code: 'SATDEMO', link: { participation: '41', steps: '30' }, sessionId: 'k3x9pq', transport, store, blobs });
    contribute();
    fireEvent.click(await screen.findByRole('button', { name: 'Commencer' }));
    await attachPhoto('compteur.png', 'Fichier gardé sur le téléphone : il partira au retour du réseau.');
    sendAnswers();
    expect(await screen.findByTestId('answer-done-waiting')).toBeTruthy();

    // The network comes back while the app shows another page of the same survey: the
    // queued contribution itself must name the survey for its photo.
    mountApp({ code: 'SATDEMO', link: {}, sessionId: 'k3x9pq', transport, store, blobs });
    await screen.findByRole('button', { name: 'Commencer' });
    state.online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(sent.filter((b) => b.status === 'submitted')).toHaveLength(1));
    expect(uploads).toEqual([{ questionId: 301, surveyCode: 'SATDEMO' }]);
    expect(sent.find((b) => b.status === 'submitted')).toMatchObject({ participation_id: 41, answers: [{ question_id: 301, value: 88 }] });

    // Back on the contribution page: sent, the photo named by its media id.
    contribute();
    expect(await screen.findByText('Merci !')).toBeTruthy();
  });

  it('drops the files kept for a participation once a new one is started in its place', async () => {
    const server = fakeServer();
    server.transport.submit = async (b) => {
      // Sent from another tab meanwhile: the server already holds it.
      if (b.status === 'submitted') throw new TransportError('Cette participation est déjà envoyée : elle ne peut plus être modifiée.', 409, 'already_submitted');
      return { id: 1, status: b.status };
    };
    const blobs = memoryBlobStore();
    mount(server.transport, memoryStore(), blobs);
    await answerToPhotoStep(3);
    await attachPhoto('p.png');
    const uuid = server.uploads[0].clientUuid;
    expect(await blobs.get(keptKey(uuid, 301, 77))).not.toBeNull();
    sendAnswers();
    fireEvent.click(await screen.findByRole('button', { name: 'Répondre de nouveau' }));
    expect(await screen.findByRole('button', { name: 'Commencer' })).toBeTruthy();
    await waitFor(async () => expect(await blobs.get(keptKey(uuid, 301, 77))).toBeNull());
  });

  it('prunes, when it opens, copies a month old that no waiting participation needs', async () => {
    const store = memoryStore();
    const monthAgo = Date.now() - 31 * 24 * 60 * 60 * 1000;
    let clock = monthAgo;
    const blobs = memoryBlobStore(() => clock);
    await blobs.put(keptKey('abandoned-1', 301, 70), new Blob(['a']), 'a.png');
    await blobs.put(keptKey('waiting-01', 301, 71), new Blob(['w']), 'w.png');
    clock = Date.now();
    await blobs.put(keptKey('recent-001', 301, 72), new Blob(['r']), 'r.png');
    // A draft saved offline under another account, still in that account's outbox.
    const waiting = { survey_code: 'SATDEMO', client_uuid: 'waiting-01', status: 'in_progress', answers: [{ question_id: 301, value: 71 }] };
    store.setItem(`${QUEUE_KEY}:k3x9pq`, JSON.stringify({ 'waiting-01': { body: waiting, version: 1, attempts: 3 } }));
    mount(fakeServer().transport, store, blobs);
    await screen.findByRole('button', { name: 'Commencer' });
    await waitFor(async () => expect(await blobs.get(keptKey('abandoned-1', 301, 70))).toBeNull());
    expect(await blobs.get(keptKey('waiting-01', 301, 71))).not.toBeNull();
    expect(await blobs.get(keptKey('recent-001', 301, 72))).not.toBeNull();
  });

  it('shows clear French pages for an unknown, closed or sign-in-only survey', async () => {
    mount(fakeServer(new TransportError('Introuvable', 404)).transport, memoryStore());
    expect(await screen.findByText('Formulaire introuvable')).toBeTruthy();
    mount(fakeServer(new TransportError('Ce formulaire est clôturé : il ne reçoit plus de réponses.', 409, 'closed')).transport, memoryStore());
    expect(await screen.findByText('Ce formulaire est clôturé : il ne reçoit plus de réponses.')).toBeTruthy();
    mount(fakeServer(new TransportError('Connectez-vous', 401, 'sign_in_required')).transport, memoryStore());
    expect((await screen.findByRole('link', { name: 'Se connecter pour répondre' })).getAttribute('href')).toBe('/auth/login?redirect=x');
  });

  it('asks an anonymous visitor of a contribution link to sign in with the invited account', async () => {
    mountApp({ code: 'SATDEMO', link: { participation: '41' }, transport: fakeServer().transport, store: memoryStore(), blobs: memoryBlobStore(), signInHref: '/auth/login?redirect=y' });
    expect(await screen.findByText(/connectez-vous avec le compte qui a reçu l’invitation/)).toBeTruthy();
  });

  it('explains a refused submission (already answered) and keeps the answers', async () => {
    const server = fakeServer();
    server.transport.submit = async (b) => {
      if (b.status === 'submitted') throw new TransportError('Vous avez déjà répondu à ce formulaire.', 409, 'already_participated');
      return { id: 1, status: b.status };
    };
    const store = memoryStore();
    mount(server.transport, store);
    await answerToPhotoStep(3);
    await attachPhoto('p.png');
    sendAnswers();
    expect(await screen.findByText('Vous avez déjà répondu à ce formulaire.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoir mes réponses' }));
    expect(await screen.findByText('Étape 3 sur 3')).toBeTruthy();
    expect(screen.getByText('p.png')).toBeTruthy();
  });

  it('switches language on the current step without losing answers, errors redrawn in the new words', async () => {
    const server = fakeServer();
    mountApp({ code: 'SATDEMO', link: { ref: 'affiche', src: 'qr' }, transport: server.transport, store: memoryStore(), signInHref: '/auth/login?redirect=x' }, true);
    const select = screen.getByTestId('answer-language') as HTMLSelectElement;
    fireEvent.click(await screen.findByRole('button', { name: 'Commencer' }));
    fireEvent.change(screen.getByLabelText('Votre téléphone'), { target: { value: '6 77 12 34 56' } });
    next();
    expect(screen.getByText('Cette question est obligatoire.')).toBeTruthy();

    select.focus();
    fireEvent.change(select, { target: { value: 'en' } });
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByText('One answer needs correcting.')).toBeTruthy();
    expect(screen.getByText('This question is required.')).toBeTruthy();
    expect((screen.getByLabelText('Votre téléphone') as HTMLInputElement).value).toBe('6 77 12 34 56');
    expect(document.activeElement).toBe(select);
    expect(select.getAttribute('aria-label')).toBe('Language');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    fireEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByText('This question is required.')).toBeNull();
    next();
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'fr' } });
    expect(await screen.findByText('Étape 2 sur 3')).toBeTruthy();
    fireEvent.click(screen.getByTestId('answer-previous'));
    expect((screen.getByLabelText('Oui') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Votre téléphone') as HTMLInputElement).value).toBe('6 77 12 34 56');
  });

  describe('a photo the server deleted while the phone was offline (unclaimed upload swept)', () => {
    const lost = 'Fichier introuvable : envoyez-le de nouveau.';

    /**
     * POST medias and POST participations as the server answers them: `sweep` forgets every
     * upload, a participation naming an unknown file is refused (422) and stores nothing,
     * and one participation is stored per client_uuid.
     */
    function sweepingServer() {
      const known = new Set<number>();
      let lastId = 76;
      const state = { online: true };
      const uploads: string[] = [];
      const submissions: ParticipationBody[] = [];
      const stored = new Map<string, ParticipationBody>();
      const transport: AnswerTransport = {
        loadDefinition: async () => demoDefinition(),
        async upload(_file, name) {
          if (!state.online) throw new TransportError('Pas de connexion au serveur.', null);
          uploads.push(name);
          known.add(++lastId);
          return { id: lastId };
        },
        async submit(b) {
          if (!state.online) throw new TransportError('Pas de connexion au serveur.', null);
          submissions.push(JSON.parse(JSON.stringify(b)));
          const photo = b.answers.find((a) => a.question_id === 301);
          if (photo && !known.has(photo.value as number)) {
            throw new TransportError('Certaines réponses ne sont pas valides.', 422, 'validation_failed', { 'answers.301': [lost] });
          }
          stored.set(b.client_uuid, b);
          return { id: 314, number: 12, status: b.status };
        },
      };
      return { transport, state, uploads, submissions, stored, sweep: () => known.clear() };
    }

    /** Answers the three steps (the photo uploaded at once), then submits without network. */
    async function answerThenSubmitOffline(server: ReturnType<typeof sweepingServer>, store: KeyValueStore, blobs: BlobStore) {
      mount(server.transport, store, blobs);
      await answerToPhotoStep(4);
      await attachPhoto('magasin.png');
      server.state.online = false;
      sendAnswers();
      expect(await screen.findByTestId('answer-done-waiting')).toBeTruthy();
      return server.submissions[0].client_uuid;
    }

    it('sends the photo kept on the phone again, then the answers, once', async () => {
      const server = sweepingServer();
      const blobs = memoryBlobStore();
      const uuid = await answerThenSubmitOffline(server, memoryStore(), blobs);
      expect(server.uploads).toEqual(['magasin.png']);

      // A week later: the server has swept the photo, and the network is back.
      server.sweep();
      server.state.online = true;
      window.dispatchEvent(new Event('online'));
      expect(await screen.findByTestId('answer-reference')).toHaveProperty('textContent', 'Référence : N° 12');
      expect(server.uploads).toEqual(['magasin.png', 'magasin.png']);
      const final = server.submissions.filter((b) => b.status === 'submitted');
      expect(final.map((b) => [b.client_uuid, b.answers.find((a) => a.question_id === 301)?.value])).toEqual([
        [uuid, 77],
        [uuid, 78],
      ]);
      expect(final[1].answers).toEqual([
        { question_id: 101, value: true },
        { question_id: 201, value: 4 },
        { question_id: 301, value: 78 },
      ]);
      expect([...server.stored.keys()]).toEqual([uuid]);
      expect(await blobs.get(keptKey(uuid, 301, 77))).toBeNull();
      expect(await blobs.get(keptKey(uuid, 301, 78))).toBeNull();
    });

    it('asks for the photo again when the phone lost it too, every other answer kept', async () => {
      const server = sweepingServer();
      const store = memoryStore();
      const uuid = await answerThenSubmitOffline(server, store, memoryBlobStore());

      // The page comes back without its stored files (no IndexedDB), after the sweep.
      server.sweep();
      server.state.online = true;
      mount(server.transport, store, memoryBlobStore());
      expect(await screen.findByText(lost)).toBeTruthy();
      expect(screen.getByText('Étape 3 sur 3')).toBeTruthy();
      expect(screen.getByText('Certaines réponses ne sont pas valides.')).toBeTruthy();
      expect(server.uploads).toEqual(['magasin.png']);
      fireEvent.click(screen.getByTestId('answer-previous'));
      expect((await screen.findByLabelText('4 sur 5') as HTMLInputElement).checked).toBe(true);
      next();

      await screen.findByText('Étape 3 sur 3');
      await attachPhoto('magasin-2.png');
      sendAnswers();
      expect(await screen.findByTestId('answer-reference')).toBeTruthy();
      expect(server.stored.get(uuid)?.answers).toEqual([
        { question_id: 101, value: true },
        { question_id: 201, value: 4 },
        { question_id: 301, value: 78 },
      ]);
    });
  });
});

/** The answering page's screens other than the steps: loading, messages, intro, end. */
import { EMAIL_PATTERN, normalizeMobile } from '@app/contracts/validation';
import type { AnswerDefinition, ParticipantInput } from './answer-types';
import { type Child, h } from './dom';
import { M } from './messages';
import { currentTargetLabel } from './target-label';

export function headerOf(definition: AnswerDefinition | null, extra?: Child): HTMLElement {
  return h(
    'header',
    { class: 'ans-header' },
    definition?.company?.name ? h('p', { class: 'ans-company' }, definition.company.name) : null,
    h('h1', { class: 'ans-title' }, definition?.survey.title ?? ''),
    currentTargetLabel() ? h('p', { class: 'ans-target', 'data-testid': 'answer-target' }, currentTargetLabel()) : null,
    extra,
  );
}

export function loadingScreen(): HTMLElement {
  return h(
    'div',
    { class: 'ans-card', 'aria-busy': 'true' },
    h('div', { class: 'ans-skeleton ans-skeleton-title' }),
    h('div', { class: 'ans-skeleton' }),
    h('div', { class: 'ans-skeleton' }),
    h('p', { class: 'ans-hint', role: 'status' }, M.loading),
  );
}

export interface MessageAction {
  label: string;
  href?: string;
  onClick?: () => void;
}

/** A full-page message (unknown link, closed survey, sign-in required...) with an optional action. */
export function messageScreen(title: string, text: string, action?: MessageAction, testId = 'answer-message'): HTMLElement {
  const button = action
    ? action.href
      ? h('a', { class: 'ans-button', href: action.href }, action.label)
      : h('button', { type: 'button', class: 'ans-button', onClick: action.onClick }, action.label)
    : null;
  return h('div', { class: 'ans-card ans-message', 'data-testid': testId }, h('h1', { class: 'ans-title' }, title), h('p', null, text), button);
}

/** Why the survey could not be opened: offline, sign-in needed, unknown, closed. */
export function loadErrorScreen(
  error: { status: number | null; message: string },
  o: { contribution: boolean; signInHref?: string; retry(): void },
): HTMLElement {
  if (error.status === null) return messageScreen(M.offlineTitle, M.offlineText, { label: M.retry, onClick: o.retry }, 'answer-offline');
  if (error.status === 401) {
    const action = o.signInHref ? { label: M.signIn, href: o.signInHref } : undefined;
    return messageScreen(M.signInTitle, o.contribution ? M.contributorSignIn : M.signInText, action, 'answer-sign-in');
  }
  if (error.status === 404) return messageScreen(M.notFoundTitle, M.notFoundText, undefined, 'answer-not-found');
  return messageScreen(error.status === 409 ? M.closedTitle : M.notFoundTitle, error.message, undefined, 'answer-closed');
}

export interface ContactErrors {
  phone?: string;
  email?: string;
}

/** Checks the optional contact fields: a Cameroonian mobile number, a well-formed e-mail. */
export function checkParticipant(p: ParticipantInput): { value: ParticipantInput; errors: ContactErrors } {
  const errors: ContactErrors = {};
  const value: ParticipantInput = {};
  if (p.name?.trim()) value.name = p.name.trim();
  if (p.phone?.trim()) {
    const mobile = normalizeMobile(p.phone);
    if (mobile) value.phone = mobile;
    else errors.phone = M.phoneInvalid;
  }
  if (p.email?.trim()) {
    const email = p.email.trim().toLowerCase();
    if (EMAIL_PATTERN.test(email)) value.email = email;
    else errors.email = M.emailInvalid;
  }
  return { value, errors };
}

function contactField(name: keyof ParticipantInput, label: string, type: string, autocomplete: string, p: ParticipantInput, onInput: (v: string) => void) {
  const id = `ans-participant-${name}`;
  return h(
    'div',
    { class: 'ans-question' },
    h('label', { class: 'ans-label', for: id }, label, h('span', { class: 'ans-optional' }, ` (${M.optional})`)),
    h('input', {
      id,
      name,
      class: 'ans-input',
      type,
      autocomplete,
      inputmode: type === 'tel' ? 'tel' : type === 'email' ? 'email' : null,
      'aria-describedby': `${id}-error`,
      value: p[name] ?? '',
      onInput: (e: Event) => onInput((e.target as HTMLInputElement).value),
    }),
    h('p', { id: `${id}-error`, class: 'ans-error', 'aria-live': 'polite' }),
  );
}

export interface IntroOptions {
  definition: AnswerDefinition;
  askContact: boolean;
  participant: ParticipantInput;
  resumed: boolean;
  onParticipant(p: ParticipantInput): void;
  onStart(p: ParticipantInput): void;
}

/** The survey's first screen: what it is about, optional contact fields, then start. */
export function introScreen(o: IntroOptions): HTMLElement {
  const current: ParticipantInput = { ...o.participant };
  const set = (name: keyof ParticipantInput) => (v: string) => {
    current[name] = v;
    o.onParticipant({ ...current });
  };
  const contact = o.askContact
    ? h(
        'section',
        { class: 'ans-contact', 'aria-labelledby': 'ans-contact-title' },
        h('h2', { id: 'ans-contact-title', class: 'ans-step-title' }, M.contactTitle),
        h('p', { class: 'ans-help' }, M.contactHelp),
        contactField('name', M.name, 'text', 'name', current, set('name')),
        contactField('phone', M.phone, 'tel', 'tel', current, set('phone')),
        contactField('email', M.email, 'email', 'email', current, set('email')),
      )
    : null;
  const geo = o.definition.survey.settings.geolocation_required ? h('p', { class: 'ans-help' }, M.geolocationRequired) : null;
  const form = h(
    'form',
    {
      class: 'ans-card',
      novalidate: true,
      onSubmit: (e: Event) => {
        e.preventDefault();
        const { value, errors } = checkParticipant(current);
        for (const name of ['phone', 'email'] as const) {
          const el = form.querySelector(`#ans-participant-${name}-error`);
          if (el) el.textContent = errors[name] ?? '';
          form.querySelector(`#ans-participant-${name}`)?.toggleAttribute('aria-invalid', Boolean(errors[name]));
        }
        const firstBad = (['phone', 'email'] as const).find((n) => errors[n]);
        if (firstBad) return (form.querySelector(`#ans-participant-${firstBad}`) as HTMLInputElement | null)?.focus();
        o.onStart(value);
      },
    },
    o.definition.survey.description ? h('p', { class: 'ans-description' }, o.definition.survey.description) : null,
    geo,
    contact,
    h('div', { class: 'ans-nav' }, h('button', { type: 'submit', class: 'ans-button ans-wide' }, o.resumed ? M.resume : M.start)),
  );
  return h('div', null, headerOf(o.definition), form);
}

export type DoneState = { kind: 'sending' } | { kind: 'waiting' } | { kind: 'sent'; reference: number | null };

export function doneScreen(definition: AnswerDefinition, state: DoneState, actions: { retry(): void; again?: () => void }): HTMLElement {
  const body =
    state.kind === 'sent'
      ? [
          h('h2', { class: 'ans-done-title' }, M.thanksTitle),
          h('p', null, M.thanksText),
          state.reference !== null ? h('p', { class: 'ans-reference', 'data-testid': 'answer-reference' }, `${M.reference} : N° ${state.reference}`) : null,
          actions.again ? h('button', { type: 'button', class: 'ans-button ans-secondary', onClick: actions.again }, M.answerAgain) : null,
        ]
      : state.kind === 'sending'
        ? [h('h2', { class: 'ans-done-title' }, M.sending), h('p', { class: 'ans-hint', role: 'status' }, M.savedLocally)]
        : [
            h('h2', { class: 'ans-done-title' }, M.pendingTitle),
            h('p', null, M.pendingText),
            h('button', { type: 'button', class: 'ans-button', onClick: actions.retry }, M.retryNow),
          ];
  return h('div', null, headerOf(definition), h('section', { class: 'ans-card ans-done', 'data-testid': `answer-done-${state.kind}`, 'aria-live': 'polite' }, body));
}

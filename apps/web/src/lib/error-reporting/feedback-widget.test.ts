import * as Sentry from '@sentry/browser';
import { afterAll, describe, expect, it } from 'vitest';
import { FEEDBACK_OPTIONS } from './sentry-client';

describe('feedback widget (dev, alpha and beta builds)', () => {
  afterAll(() => Sentry.close(0));

  it('opens a form whose name and e-mail are optional, with no Sentry branding', async () => {
    // jsdom lacks it; the screenshot button asks for it (false: no screenshot button here).
    Object.assign(globalThis, { isSecureContext: false });
    // The real integration with the options the pages use; nothing is sent (no network in jsdom, no submit).
    Sentry.init({ dsn: 'http://publickey@127.0.0.1:9/1', integrations: [Sentry.feedbackIntegration(FEEDBACK_OPTIONS)] });
    const feedback = Sentry.getFeedback();
    expect(feedback).toBeDefined();
    const form = await feedback!.createForm();
    form.appendToDom();
    form.open();
    const root = [...document.querySelectorAll('*')].map((el) => el.shadowRoot).find((r) => r?.querySelector('form'));
    expect(root).toBeTruthy();
    const name = root!.querySelector<HTMLInputElement>('input[name="name"]');
    const email = root!.querySelector<HTMLInputElement>('input[name="email"]');
    const message = root!.querySelector<HTMLTextAreaElement>('textarea[name="message"]');
    expect(name?.required).toBe(false);
    expect(email?.required).toBe(false);
    expect(message?.required).toBe(true);
    expect(root!.textContent).toContain('Signaler un problème');
    expect(root!.textContent).toContain('Nom (facultatif)');
    // Branding is a link to sentry.io in the form's header.
    expect(root!.querySelector('a[href*="sentry.io"]')).toBeNull();
    form.removeFromDom();
  });
});

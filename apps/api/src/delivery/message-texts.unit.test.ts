import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../test/complete-texts';
import { ACCOUNT_MESSAGE_TEXTS } from '../modules/identity/users/account-messages.texts';
import { resetCodeMessage } from '../modules/identity/users/account-messages';
import { DIGEST_TEXTS } from '../modules/messaging/notifications/digest.texts';
import { composeDigest } from '../modules/messaging/notifications/notification-digest';
import { invitationNoticeMessage, invitationUrl } from '../modules/tenancy/invitations/invitation-messages';
import { INVITATION_TEXTS } from '../modules/tenancy/invitations/invitation.texts';
import { countedKey, type MessageTexts, messageText } from './message-texts';

const ALL: Array<[string, MessageTexts<string>]> = [
  ['invitation', INVITATION_TEXTS],
  ['account', ACCOUNT_MESSAGE_TEXTS],
  ['digest', DIGEST_TEXTS],
];

describe('e-mails and SMS nobody asked for, in the recipient’s language', () => {
  it.each(ALL)('%s: every French text in each language, same placeholders, translated', (name, texts) => {
    expectCompleteTexts(texts, name);
  });

  it('picks a counted text’s form by the language’s plural rules: 0 and 1 are "one" in French, only 1 in English', () => {
    expect([0, 1, 2, 1.5].map((n) => countedKey('left', 'fr', n))).toEqual(['left_one', 'left_one', 'left_other', 'left_one']);
    expect([0, 1, 2].map((n) => countedKey('left', 'en', n))).toEqual(['left_other', 'left_one', 'left_other']);
    expect([1, 1_000_000].map((n) => countedKey('left', 'es', n))).toEqual(['left_one', 'left_other']);
    expect([1, 2].map((n) => countedKey('left', 'zh-CN', n))).toEqual(['left_other', 'left_other']);
    // An unknown language reads as French.
    expect(countedKey('left', 'ja', 0)).toBe('left_one');
  });

  it('fills the placeholders, and falls back to French for an unknown language', () => {
    expect(messageText(INVITATION_TEXTS, 'ja', 'subject', { company: 'Démo SARL' })).toBe('Invitation à rejoindre Démo SARL');
    expect(messageText(INVITATION_TEXTS, null, 'subject', { company: 'X' })).toBe('Invitation à rejoindre X');
  });

  it('writes the invitation in the guest’s language, French for a guest without an account', () => {
    const code = '0123456789ABCDEF';
    const link = invitationUrl('https://enquetes.cm/', code);
    expect(link).toBe('https://enquetes.cm/auth/login?redirect=%2Finvitation%2F0123456789ABCDEF');
    const notice = { email: 'g@example.cm', phone: null, hostName: 'Awa', companyName: 'Démo SARL', hasAccount: true, code, link };
    expect(invitationNoticeMessage({ ...notice, locale: 'en' })).toMatchObject({
      subject: 'Invitation to join Démo SARL',
      body:
        'Hello,\n\nAwa invites you to join the company Démo SARL. Sign in to accept or decline the invitation.\n\n' +
        `To answer, open this link: ${link}\n\nWithout the link, enter this code in the app ("I have an invitation code"): ${code}\n\n` +
        'This invitation expires in 14 days.',
    });
    expect(invitationNoticeMessage({ ...notice, hasAccount: false, email: null, phone: '+237690000000' })).toEqual({
      channel: 'sms',
      to: '+237690000000',
      body: `Awa vous invite à rejoindre l’entreprise Démo SARL. Créez votre compte avec cette adresse pour accepter ou refuser l'invitation. Code d'invitation : ${code} — ${link}`,
    });
    // Every language's e-mail carries the code and the link.
    for (const locale of ['fr', 'en', 'de', 'es', 'es-MX', 'zh-CN']) {
      const body = invitationNoticeMessage({ ...notice, locale })?.body ?? '';
      expect(body, locale).toContain(code);
      expect(body, locale).toContain(link);
    }
  });

  it('writes the admin’s reset code and the digest in the account’s language', () => {
    expect(resetCodeMessage({ locale: 'de' }, 'email', { code: '123456', link: 'https://x/r' })).toEqual({
      subject: 'Passwort zurücksetzen',
      body: 'Das Team der Plattform sendet Ihnen einen Code zum Zurücksetzen: 123456. Er läuft in 10 Minuten ab. Geben Sie ihn auf https://x/r ein, um ein neues Passwort zu wählen.',
    });
    expect(resetCodeMessage({ locale: 'fr' }, 'sms', { code: '1', link: 'l' }).subject).toBeUndefined();
    const items = Array.from({ length: 22 }, (_, i) => ({ title: `T${i}`, body: null, first_name: 'Li', locale: 'zh-CN' }));
    const digest = composeDigest(items, 'https://app');
    expect(digest.subject).toBe('22 条新通知');
    expect(digest.body.startsWith('Li，您好：\n\n- T0')).toBe(true);
    expect(digest.body).toContain('……另有 2 条。');
    expect(digest.body).toContain('请在应用中查看：https://app');
  });
});

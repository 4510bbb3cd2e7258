import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type Channel = 'email' | 'sms';

/** One message to one person: an e-mail (with subject) or an SMS. */
export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
}

/** Something that accepts a message for delivery, or throws. */
export interface MessageProvider {
  readonly channel: Channel;
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

/** E-mail through an SMTP server (nodemailer), e.g. `smtp://user:pass@host:587`. */
export function createSmtpProvider(smtpUrl: string, from: string): MessageProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    channel: 'email',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.body });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * SMS through a generic HTTP gateway: POST `{ to, message }` as JSON with a bearer
 * token; any 2xx means accepted. Operators' own APIs get their own provider later.
 */
export function createHttpSmsProvider(url: string, token: string | undefined): MessageProvider {
  return {
    channel: 'sms',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ to: message.to, message: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** The providers the configuration enables (none by default: messages stay in the outbox). */
export function createProviders(config: Config): MessageProvider[] {
  const providers: MessageProvider[] = [];
  if (config.SMTP_URL) providers.push(createSmtpProvider(config.SMTP_URL, config.MAIL_FROM));
  if (config.SMS_HTTP_URL) providers.push(createHttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN));
  return providers;
}

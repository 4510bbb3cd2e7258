import type { Locale } from '@app/contracts';

/** Socket answers that have no HTTP status message; French first, English when asked. */
const messages = {
  fr: {
    agentNotOwned: "Cet agent n'appartient pas à votre compte ou n'est pas actif.",
    roomsRefused: (rooms: string[]) => `Vous n'êtes pas autorisé à rejoindre : ${rooms.join(', ')}.`,
    roomsUnknown: (rooms: string[]) => `Salon inconnu : ${rooms.join(', ')}.`,
    malformed: 'Requête invalide : attendu { rooms: [...] }.',
  },
  en: {
    agentNotOwned: 'This agent does not belong to your account or is not active.',
    roomsRefused: (rooms: string[]) => `You are not allowed to join: ${rooms.join(', ')}.`,
    roomsUnknown: (rooms: string[]) => `Unknown room: ${rooms.join(', ')}.`,
    malformed: 'Invalid request: expected { rooms: [...] }.',
  },
};

export type SocketMessages = (typeof messages)['fr'];

export function socketMessages(locale: Locale): SocketMessages {
  return locale === 'en' ? messages.en : messages.fr;
}

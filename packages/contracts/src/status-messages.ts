/**
 * User-facing messages by HTTP status (section 8 of the product description).
 * French is the source; the server answers in the request's language and the web
 * client falls back to these when the server sent no message.
 */
export type Locale = 'fr' | 'en' | 'de' | 'es' | 'es-MX' | 'zh-CN';

const fr: Record<number, string> = {
  400: 'La requête est incorrecte ou contient des erreurs ; vérifiez les données saisies.',
  401: "Vous n'êtes pas authentifié ; veuillez vous connecter.",
  403: "Vous n'êtes pas autorisé à effectuer cette opération.",
  404: "La ressource recherchée n'existe pas ou a été supprimée.",
  405: "Cette méthode n'est pas acceptée à cette adresse.",
  409: "La requête est en conflit avec l'état actuel des données.",
  408: "La requête n'est pas arrivée à temps ; réessayez.",
  413: 'Le contenu envoyé est trop volumineux.',
  422: 'Les données envoyées ne sont pas valides.',
  429: 'Trop de tentatives ; réessayez plus tard.',
  431: "L'adresse ou les en-têtes de la requête sont trop longs ; réduisez les filtres.",
  498: 'Votre session a expiré ; veuillez vous reconnecter.',
  499: 'Votre session a été fermée ; veuillez vous reconnecter.',
  500: 'Le serveur a rencontré un problème.',
  502: 'La passerelle a reçu une réponse invalide.',
  503: 'Le service est temporairement indisponible ; réessayez plus tard.',
  504: "Le délai d'attente de la passerelle est dépassé.",
};

const en: Record<number, string> = {
  400: 'The request is wrong or contains errors; check the data entered.',
  401: 'You are not authenticated; please sign in.',
  403: 'You are not authorised to perform this operation.',
  404: 'The resource sought does not exist or was deleted.',
  405: 'This method is not allowed at this address.',
  409: 'The request conflicts with the current state of the data.',
  408: 'The request did not arrive in time; try again.',
  413: 'The content sent is too large.',
  422: 'The data sent is not valid.',
  429: 'Too many attempts; try again later.',
  431: 'The address or headers of the request are too long; use fewer filters.',
  498: 'Your session has expired; please sign in again.',
  499: 'Your session was closed; please sign in again.',
  500: 'The server met a problem.',
  502: 'The gateway received an invalid response.',
  503: 'The service is temporarily unavailable; retry later.',
  504: 'The gateway timed out.',
};

const byLocale: Partial<Record<Locale, Record<number, string>>> = { fr, en };

/** Message for a status in a locale; French when the locale has no entry. */
export function statusMessage(status: number, locale: string = 'fr'): string {
  const table = byLocale[pickLocale(locale)] ?? fr;
  const fallback = status >= 500 ? 500 : 400;
  return table[status] ?? fr[status] ?? table[fallback] ?? fr[fallback];
}

/** Best supported locale for an Accept-Language header or a language tag. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'fr';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (!tag || tag === '*') continue;
    if (tag === 'es-mx') return 'es-MX';
    if (tag.startsWith('zh')) return 'zh-CN';
    const base = tag.split('-')[0];
    if (base === 'fr' || base === 'en' || base === 'de' || base === 'es') return base;
  }
  return 'fr';
}

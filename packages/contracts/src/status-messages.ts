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
  507: "L'espace de stockage du serveur est plein ; rien n'a été enregistré, réessayez plus tard.",
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
  507: 'The server has run out of storage space; nothing was saved, try again later.',
};

const de: Record<number, string> = {
  400: 'Die Anfrage ist falsch oder enthält Fehler; prüfen Sie die eingegebenen Daten.',
  401: 'Sie sind nicht angemeldet; bitte melden Sie sich an.',
  403: 'Sie sind nicht berechtigt, diesen Vorgang auszuführen.',
  404: 'Die gesuchte Ressource existiert nicht oder wurde gelöscht.',
  405: 'Diese Methode ist unter dieser Adresse nicht erlaubt.',
  409: 'Die Anfrage steht im Widerspruch zum aktuellen Stand der Daten.',
  408: 'Die Anfrage ist nicht rechtzeitig angekommen; versuchen Sie es erneut.',
  413: 'Der gesendete Inhalt ist zu groß.',
  422: 'Die gesendeten Daten sind ungültig.',
  429: 'Zu viele Versuche; versuchen Sie es später erneut.',
  431: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang; verwenden Sie weniger Filter.',
  498: 'Ihre Sitzung ist abgelaufen; bitte melden Sie sich erneut an.',
  499: 'Ihre Sitzung wurde beendet; bitte melden Sie sich erneut an.',
  500: 'Der Server hatte ein Problem.',
  502: 'Das Gateway hat eine ungültige Antwort erhalten.',
  503: 'Der Dienst ist vorübergehend nicht verfügbar; versuchen Sie es später erneut.',
  504: 'Das Gateway hat zu lange gewartet.',
  507: 'Der Speicherplatz des Servers ist voll; nichts wurde gespeichert, versuchen Sie es später erneut.',
};

/** Spanish, also for Mexican Spanish. */
const es: Record<number, string> = {
  400: 'La solicitud es incorrecta o contiene errores; compruebe los datos introducidos.',
  401: 'No está autenticado; inicie sesión.',
  403: 'No está autorizado a realizar esta operación.',
  404: 'El recurso buscado no existe o fue eliminado.',
  405: 'Este método no se acepta en esta dirección.',
  409: 'La solicitud entra en conflicto con el estado actual de los datos.',
  408: 'La solicitud no llegó a tiempo; vuelva a intentarlo.',
  413: 'El contenido enviado es demasiado grande.',
  422: 'Los datos enviados no son válidos.',
  429: 'Demasiados intentos; vuelva a intentarlo más tarde.',
  431: 'La dirección o los encabezados de la solicitud son demasiado largos; reduzca los filtros.',
  498: 'Su sesión caducó; vuelva a iniciar sesión.',
  499: 'Su sesión se cerró; vuelva a iniciar sesión.',
  500: 'El servidor tuvo un problema.',
  502: 'La pasarela recibió una respuesta no válida.',
  503: 'El servicio no está disponible temporalmente; vuelva a intentarlo más tarde.',
  504: 'Se agotó el tiempo de espera de la pasarela.',
  507: 'El almacenamiento del servidor está lleno; no se guardó nada, vuelva a intentarlo más tarde.',
};

const zhCN: Record<number, string> = {
  400: '请求有误或包含错误；请检查输入的数据。',
  401: '您尚未登录；请先登录。',
  403: '您无权执行此操作。',
  404: '所查找的资源不存在或已被删除。',
  405: '此地址不接受该方法。',
  409: '请求与数据的当前状态冲突。',
  408: '请求未能及时到达；请重试。',
  413: '发送的内容过大。',
  422: '发送的数据无效。',
  429: '尝试次数过多；请稍后再试。',
  431: '请求的地址或请求头过长；请减少筛选条件。',
  498: '您的会话已过期；请重新登录。',
  499: '您的会话已关闭；请重新登录。',
  500: '服务器遇到问题。',
  502: '网关收到无效响应。',
  503: '服务暂时不可用；请稍后再试。',
  504: '网关等待超时。',
  507: '服务器存储空间已满；未保存任何内容，请稍后再试。',
};

/** Every language's table (the completeness test in status-messages.test.ts reads them). */
export const STATUS_MESSAGES: Record<Locale, Record<number, string>> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
const byLocale: Partial<Record<Locale, Record<number, string>>> = STATUS_MESSAGES;

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

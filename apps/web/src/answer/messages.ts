import { FR_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages';

/**
 * The answering page's words. French is the product's language and ships with the page;
 * the five others are one chunk each (locales/), loaded only when chosen
 * (answer-language.ts). The page stays light by not loading the app's i18n bundle.
 */
export const fr = {
  /** The language switch's accessible name. */
  language: 'Langue',
  loading: 'Chargement du formulaire…',
  notFoundTitle: 'Formulaire introuvable',
  notFoundText: 'Ce lien ne correspond à aucun formulaire ouvert. Vérifiez l’adresse ou le code QR, ou demandez un nouveau lien à l’entreprise.',
  unknownLinkTitle: 'Lien non reconnu',
  unknownLinkText: 'Ce lien ne mène pas à un formulaire. Vérifiez l’adresse ou scannez de nouveau le code QR.',
  closedTitle: 'Formulaire fermé',
  offlineTitle: 'Pas de connexion',
  offlineText: 'Le formulaire n’a pas pu être chargé. Vérifiez votre connexion puis réessayez.',
  retry: 'Réessayer',
  signInTitle: 'Connexion requise',
  signInText: 'Ce formulaire est réservé aux personnes connectées. Connectez-vous pour répondre.',
  signIn: 'Se connecter pour répondre',
  contributorSignIn: 'Vous êtes invité à compléter cette réponse : connectez-vous avec le compte qui a reçu l’invitation.',
  noQuestions: 'Ce formulaire ne contient encore aucune question.',
  start: 'Commencer',
  resume: 'Reprendre',
  stepOf: (n: number, total: number) => `Étape ${n} sur ${total}`,
  previous: 'Précédent',
  next: 'Suivant',
  send: 'Envoyer mes réponses',
  sending: 'Envoi en cours…',
  required: 'obligatoire',
  optional: 'facultatif',
  fixErrors: (n: number) => (n > 1 ? `${n} réponses sont à corriger.` : 'Une réponse est à corriger.'),
  contactTitle: 'Vos coordonnées',
  contactHelp: 'Facultatif : pour que l’entreprise puisse vous recontacter.',
  name: 'Nom',
  phone: 'Téléphone',
  email: 'Adresse e-mail',
  phoneInvalid: 'Saisissez un numéro de mobile camerounais valide (9 chiffres, par ex. 6 77 12 34 56).',
  emailInvalid: 'Saisissez une adresse e-mail valide.',
  offlineBanner: 'Hors ligne : vos réponses restent sur ce téléphone et partiront au retour du réseau.',
  savedLocally: 'Réponses enregistrées sur ce téléphone.',
  savedServer: 'Réponses enregistrées.',
  storageFull: 'La mémoire du navigateur est pleine : gardez cette page ouverte jusqu’à l’envoi.',
  thanksTitle: 'Merci !',
  thanksText: 'Vos réponses ont bien été envoyées.',
  /** The receipt's number, with the language's punctuation (French: a space before the colon). */
  reference: (n: number) => `Référence : N° ${n}`,
  pendingTitle: 'Réponses prêtes à partir',
  pendingText: 'Vos réponses sont enregistrées sur ce téléphone. Elles partiront dès que le réseau reviendra : gardez cette page ouverte ou revenez-y plus tard.',
  retryNow: 'Réessayer maintenant',
  answerAgain: 'Répondre de nouveau',
  rejectedTitle: 'Réponses non acceptées',
  reviewAnswers: 'Revoir mes réponses',
  geolocationRequired: 'Ce formulaire demande votre position au moment de l’envoi.',
  // Question widgets.
  choose: 'Choisissez…',
  yes: 'Oui',
  no: 'Non',
  stars: (n: number, max: number) => `${n} sur ${max}`,
  rankingHelp: 'Utilisez les flèches pour classer, du premier au dernier.',
  moveUp: (label: string) => `Monter « ${label} »`,
  moveDown: (label: string) => `Descendre « ${label} »`,
  keepOrder: 'Garder cet ordre',
  orderKept: 'Classement enregistré.',
  takePhoto: 'Prendre une photo',
  pickPhoto: 'Choisir dans la galerie',
  pickFile: 'Choisir un fichier',
  remove: 'Retirer',
  uploading: 'Envoi du fichier…',
  uploaded: 'Fichier enregistré.',
  uploadWaiting: 'Fichier gardé sur le téléphone : il partira au retour du réseau.',
  previewFile: 'Fichier gardé dans l’aperçu : il n’est jamais envoyé.',
  signHere: 'Signez dans le cadre avec le doigt.',
  clear: 'Effacer',
  saveSignature: 'Valider la signature',
  signatureSaved: 'Signature enregistrée.',
  signatureEmpty: 'Signez dans le cadre avant de valider.',
  locate: 'Capturer ma position',
  locateAgain: 'Recommencer',
  locating: 'Recherche de votre position…',
  located: (lat: string, lng: string, acc: string) => `Position : ${lat}, ${lng} (précision ± ${acc} m)`,
  geoDenied: 'Vous avez refusé l’accès à votre position. Autorisez-la pour ce site dans les réglages du navigateur, puis réessayez.',
  geoUnavailable: 'Position introuvable pour le moment. Activez la localisation du téléphone ou sortez à découvert, puis réessayez.',
  geoTimeout: 'La recherche de position a pris trop de temps. Réessayez.',
  geoUnsupported: 'Ce navigateur ne donne pas accès à la position.',
  geoInsecure: 'La position n’est disponible que sur une adresse sécurisée (https).',
  // Calls to the server.
  noServer: 'Pas de connexion au serveur.',
  serverSlow: 'Le serveur met trop de temps à répondre.',
  serverError: (status: number) => `Erreur ${status}`,
  offline: 'Hors ligne',
  fileLost: 'Fichier perdu : ajoutez-le de nouveau.',
  /** Entries an older page queued that wait for their survey's link (submit-queue hold). */
  heldAnswers: 'Des réponses données plus tôt sur ce téléphone n’ont pas encore pu partir : elles y sont gardées. Rouvrez le lien de leur formulaire (code QR ou adresse reçue) pour les envoyer.',
  // Landing pages of QR codes (targets), company codes and the code entry page.
  targetNotFoundTitle: 'Code inconnu',
  targetNotFoundText: 'Ce code ne correspond à rien d’ouvert. Vérifiez le lien ou le code QR, ou demandez-en un nouveau sur place.',
  targetSite: (name: string) => `Site : ${name}`,
  targetChoose: 'Choisissez l’évaluation à remplir :',
  targetNoSurvey: 'Aucune évaluation n’est ouverte pour le moment. Merci de votre visite !',
  companyTargets: 'Que souhaitez-vous évaluer ?',
  companySurveys: 'Formulaires ouverts',
  companyContact: 'Parler à l’entreprise',
  // Picking the evaluated object when the survey's own link names none.
  pickSearch: 'Rechercher par nom ou par code',
  pickCodeOnly: 'Saisissez le code inscrit sous son code QR (badge, affiche).',
  pickFind: 'Rechercher',
  pickNone: 'Rien ne correspond : vérifiez le nom ou le code.',
  pickMore: 'D’autres résultats existent : précisez la recherche.',
  pickCode: (code: string) => `Code : ${code}`,
  codeTitle: 'Saisir un code',
  codeLabel: 'Code de l’entreprise, d’un formulaire ou d’un code QR',
  codeSubmit: 'Continuer',
  codeNotFound: 'Aucune entreprise, aucun formulaire ni aucun code QR ne porte ce code.',
  /** The answer rules' messages (required, formats, limits), from contracts. */
  validation: FR_ANSWER_MESSAGES,
};

export type PageMessages = typeof fr;

/**
 * The words in use, read at drawing time: switching language replaces them in place
 * (setAnswerLanguage), so every screen drawn afterwards speaks the new language.
 */
export const M: PageMessages = { ...fr };

export function replaceMessages(table: PageMessages): void {
  Object.assign(M, table);
}

/**
 * A message kept on screen (a refused file, a denied position): read from `M` each time
 * it is drawn, so a language switch while it shows translates it too.
 */
export type PageText = () => string;

/** An error whose message is a PageText (see pageTextOf). */
export class PageTextError extends Error {
  constructor(readonly text: PageText) {
    super(text());
  }
}

/** The message of a caught error, kept live when it is one of ours; others (a server's words) as they came. */
export function pageTextOf(error: unknown): PageText {
  if (error instanceof PageTextError) return error.text;
  const message = error instanceof Error ? error.message : String(error);
  return () => message;
}

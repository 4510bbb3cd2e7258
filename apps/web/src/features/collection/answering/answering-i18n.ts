import { defineTextNamespace, type Translated } from '../../../i18n/text-namespace';

export const ANSWERING_NS = 'answering';

/** French texts of the customers' survey pages (the source; other languages fall back to it). */
export const frAnswering = {
  surveysTitle: 'Formulaires',
  surveysIntro: 'Répondez aux formulaires d’une entreprise et retrouvez vos réponses.',
  codeLabel: 'Code de l’entreprise ou du formulaire',
  codeHelp: 'Le code figure sous le code QR ou dans le lien reçu.',
  codeSearch: 'Rechercher',
  codeNotFound: 'Aucune entreprise ni aucun formulaire ouvert ne correspond à ce code.',
  openSurveysOf: 'Formulaires ouverts de {{company}}',
  noOpenSurvey: 'Cette entreprise n’a aucun formulaire ouvert pour le moment.',
  answer: 'Répondre',
  drafts: 'À terminer sur cet appareil',
  resume: 'Reprendre',
  draftProgress_one: '{{count}} réponse enregistrée',
  draftProgress_other: '{{count}} réponses enregistrées',
  mine: 'Mes réponses',
  noParticipation: 'Vous n’avez encore répondu à aucun formulaire.',
  seeParticipations: 'Mes réponses à ce formulaire',
  participationsTitle: 'Mes réponses',
  participationsOf: 'Mes réponses à « {{title}} »',
  reference: 'N° {{id}}',
  startedAt: 'Commencée le {{date}}',
  submittedAt: 'Envoyée le {{date}}',
  showAnswers: 'Voir les réponses',
  hideAnswers: 'Masquer les réponses',
  noAnswer: 'Sans réponse',
  backToSurveys: 'Retour aux formulaires',
  answerAgain: 'Répondre de nouveau',
  unknownLinkTitle: 'Lien non reconnu',
  unknownLinkText: 'Ce lien ne mène pas à un formulaire. Vérifiez l’adresse ou scannez de nouveau le code QR.',
  loading: 'Chargement…',
  type: {
    contribution: 'Formulaire',
    form: 'Formulaire',
    evaluation: 'Évaluation',
  },
};

export type AnsweringMessages = Translated<typeof frAnswering>;

/** French ships with these pages (registered synchronously on first use); the others load on demand. */
const answeringTexts = defineTextNamespace(ANSWERING_NS, frAnswering, {
  en: () => import('./answering-other-languages').then((m) => m.enAnswering),
  de: () => import('./answering-other-languages').then((m) => m.deAnswering),
  es: () => import('./answering-other-languages').then((m) => m.esAnswering),
  'es-MX': () => import('./answering-other-languages').then((m) => m.esAnswering),
  'zh-CN': () => import('./answering-other-languages').then((m) => m.zhCNAnswering),
});

export function useAnsweringT() {
  return answeringTexts.useT();
}

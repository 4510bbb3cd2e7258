import { AGENCIES } from './demo-survey-people';

/**
 * The demo satisfaction survey: three steps holding one question of each type of
 * DOMAIN.md (contracts' QUESTION_TYPES), with French labels and realistic settings.
 */
export interface DemoQuestion {
  key: string;
  type: string;
  label: string;
  help?: string;
  required?: boolean;
  settings?: Record<string, unknown>;
  /** Choices as [label, score?]. */
  choices?: ReadonlyArray<readonly [string, number?]>;
  /** A display condition on an earlier question of this list, by key. */
  showIf?: { key: string; operator: 'eq' | 'neq' | 'in' | 'lt' | 'gt'; value: unknown };
}

export const DEMO_SURVEY = {
  code: 'SATDEMCL',
  title: 'Satisfaction client – Démo SARL',
  description:
    'Votre avis sur votre dernière visite dans une agence Démo SARL. Trois minutes suffisent ; vos réponses nous aident à mieux vous servir.',
} as const;

export const DEMO_STEPS: ReadonlyArray<{ title: string; description: string; questions: DemoQuestion[] }> = [
  {
    title: 'Votre visite',
    description: 'Où et quand êtes-vous venu ?',
    questions: [
      { key: 'agency', type: 'dropdown', label: 'Agence visitée', required: true, choices: AGENCIES.map((a) => [a.label] as const) },
      { key: 'visit_date', type: 'date', label: 'Date de votre visite', required: true },
      { key: 'arrival', type: 'time', label: 'Heure d’arrivée', settings: { min: '07:30', max: '19:00' } },
      {
        key: 'reason',
        type: 'single_choice',
        label: 'Motif principal de la visite',
        required: true,
        choices: [['Ouverture de compte'], ['Retrait ou dépôt'], ['Réclamation'], ['Demande d’information'], ['Autre']],
      },
      {
        key: 'channels',
        type: 'multiple_choice',
        label: 'Quels canaux utilisez-vous pour nous contacter ?',
        settings: { min_choices: 1, max_choices: 3 },
        choices: [['Agence'], ['Téléphone'], ['WhatsApp'], ['Site web'], ['Application mobile']],
      },
      { key: 'wait', type: 'number', label: 'Temps d’attente (minutes)', settings: { min: 0, max: 240, integer: true, unit: 'min' } },
    ],
  },
  {
    title: 'Votre avis',
    description: 'Dites-nous ce qui vous a plu, ou pas.',
    questions: [
      { key: 'stars', type: 'rating', label: 'Note globale de votre visite', required: true, settings: { max: 5 } },
      {
        key: 'nps',
        type: 'scale',
        label: 'Recommanderiez-vous Démo SARL à un proche ?',
        required: true,
        settings: { min: 0, max: 10, min_label: 'Pas du tout', max_label: 'Certainement', nps: true },
      },
      { key: 'again', type: 'yes_no', label: 'Reviendrez-vous dans cette agence ?', required: true, settings: { yes_score: 2, no_score: 0 } },
      {
        key: 'why_not',
        type: 'long_text',
        label: 'Qu’est-ce qui vous en empêcherait ?',
        required: true,
        settings: { max_length: 1000 },
        showIf: { key: 'again', operator: 'eq', value: false },
      },
      {
        key: 'priorities',
        type: 'ranking',
        label: 'Classez ce qui compte le plus pour vous',
        choices: [['Rapidité'], ['Accueil'], ['Tarifs'], ['Propreté']],
      },
      {
        key: 'detail',
        type: 'matrix',
        label: 'Évaluez chaque aspect',
        settings: {
          rows: [
            { id: 'accueil', label: 'Accueil' },
            { id: 'proprete', label: 'Propreté' },
            { id: 'rapidite', label: 'Rapidité' },
            { id: 'conseil', label: 'Qualité du conseil' },
          ],
          columns: [
            { id: 'tres_satisfait', label: 'Très satisfait' },
            { id: 'satisfait', label: 'Satisfait' },
            { id: 'peu_satisfait', label: 'Peu satisfait' },
            { id: 'insatisfait', label: 'Insatisfait' },
          ],
        },
      },
      { key: 'word', type: 'short_text', label: 'Un mot pour l’équipe ?', settings: { max_length: 200 } },
      { key: 'photo', type: 'photo', label: 'Une photo de l’agence (facultatif)' },
      { key: 'receipt', type: 'file', label: 'Un justificatif (reçu, bordereau…)', help: 'PDF ou image, 20 Mo au plus.', settings: { max_size_mb: 20 } },
    ],
  },
  {
    title: 'Vos coordonnées',
    description: 'Pour vous recontacter si vous le souhaitez.',
    questions: [
      { key: 'email', type: 'email', label: 'Votre adresse e-mail' },
      { key: 'phone', type: 'phone', label: 'Votre numéro de téléphone', settings: { mobile_only: true } },
      { key: 'position', type: 'geolocation', label: 'Votre position', help: 'Autorisez la localisation sur votre téléphone.' },
      { key: 'signature', type: 'signature', label: 'Votre signature (facultatif)' },
    ],
  },
];

import type { DemoQuestion } from '../../demo/demo-survey-structure';

/**
 * The platform's template library, part 1: what a company in Cameroon uses on day one.
 * Conditions name an earlier question by key; a choice is named by its label (the seed
 * turns it into the choice id the answering page compares).
 */
export interface TemplateSeed {
  /** Fixed code: the seed writes a template once, and never again once its code exists. */
  code: string;
  title: string;
  description: string;
  /** Code of a `template` category (reference seed). */
  category: string;
  type: 'form' | 'evaluation' | 'contribution';
  target_kind?: 'agent' | 'site' | 'company';
  survey_types: Array<'form' | 'evaluation' | 'contribution'>;
  premium?: boolean;
  settings?: Record<string, unknown>;
  steps: ReadonlyArray<{ title: string; description?: string; questions: DemoQuestion[] }>;
}

const SATISFACTION_5 = [['Très satisfait'], ['Satisfait'], ['Peu satisfait'], ['Pas du tout satisfait']] as const;
const AGENCY_ROWS = {
  rows: [
    { id: 'accueil', label: 'Accueil' },
    { id: 'attente', label: 'Temps d’attente' },
    { id: 'proprete', label: 'Propreté des lieux' },
    { id: 'information', label: 'Clarté des informations' },
  ],
  columns: [
    { id: 'bon', label: 'Bon' },
    { id: 'moyen', label: 'Moyen' },
    { id: 'mauvais', label: 'Mauvais' },
  ],
};

export const TEMPLATES_PART_1: readonly TemplateSeed[] = [
  {
    code: 'TPLGUCHT',
    title: 'Satisfaction client au guichet',
    description: 'À remettre au client juste après son passage au guichet (agence, boutique, caisse) : trois minutes pour mesurer l’accueil et l’attente.',
    category: 'satisfaction',
    type: 'form',
    survey_types: ['form'],
    settings: { anonymous: true },
    steps: [
      {
        title: 'Votre passage',
        questions: [
          { key: 'reason', type: 'single_choice', label: 'Pourquoi êtes-vous venu aujourd’hui ?', required: true, choices: [['Dépôt ou retrait'], ['Paiement d’une facture'], ['Ouverture de compte'], ['Réclamation'], ['Information']] },
          { key: 'wait', type: 'number', label: 'Combien de minutes avez-vous attendu ?', required: true, settings: { min: 0, max: 300, integer: true, unit: 'min' } },
          { key: 'served_by', type: 'short_text', label: 'Nom ou numéro du guichet (facultatif)', settings: { max_length: 80 } },
        ],
      },
      {
        title: 'Votre avis',
        questions: [
          { key: 'stars', type: 'rating', label: 'Votre note globale pour ce passage', required: true, settings: { max: 5 } },
          { key: 'aspects', type: 'matrix', label: 'Comment jugez-vous chacun de ces points ?', settings: AGENCY_ROWS },
          { key: 'problem', type: 'long_text', label: 'Qu’est-ce qui n’a pas été à la hauteur ?', required: true, settings: { max_length: 1000 }, showIf: { key: 'stars', operator: 'lt', value: 3 } },
          { key: 'contact_me', type: 'yes_no', label: 'Souhaitez-vous être rappelé par un responsable ?' },
          { key: 'phone', type: 'phone', label: 'Votre numéro de téléphone', required: true, settings: { mobile_only: true }, showIf: { key: 'contact_me', operator: 'eq', value: true } },
        ],
      },
    ],
  },
  {
    code: 'TPLVQAGC',
    title: 'Visite qualité en agence',
    description: 'Grille du superviseur qui visite une agence : accueil, affichage, file d’attente, état des locaux, avec photo et position de la visite.',
    category: 'audit',
    type: 'evaluation',
    target_kind: 'site',
    survey_types: ['evaluation', 'form'],
    steps: [
      {
        title: 'Arrivée',
        questions: [
          { key: 'date', type: 'date', label: 'Date de la visite', required: true },
          { key: 'time', type: 'time', label: 'Heure d’arrivée', required: true },
          { key: 'queue', type: 'number', label: 'Clients dans la file à l’arrivée', required: true, settings: { min: 0, max: 500, integer: true } },
          { key: 'open', type: 'yes_no', label: 'L’agence était-elle ouverte aux heures affichées ?', required: true },
          { key: 'why_closed', type: 'long_text', label: 'Expliquez ce qui a été constaté', required: true, showIf: { key: 'open', operator: 'eq', value: false } },
        ],
      },
      {
        title: 'Accueil et affichage',
        questions: [
          { key: 'greeting', type: 'scale', label: 'Qualité de l’accueil', required: true, settings: { min: 1, max: 5, min_label: 'Mauvaise', max_label: 'Excellente' } },
          { key: 'posters', type: 'multiple_choice', label: 'Affichages présents', choices: [['Tarifs'], ['Horaires'], ['Numéro de réclamation'], ['Promotions en cours']] },
          { key: 'uniform', type: 'yes_no', label: 'Le personnel porte-t-il la tenue ou le badge ?', required: true },
        ],
      },
      {
        title: 'Locaux et conclusion',
        questions: [
          { key: 'premises', type: 'matrix', label: 'État des locaux', settings: { rows: [{ id: 'sol', label: 'Sol' }, { id: 'toilettes', label: 'Toilettes' }, { id: 'climatisation', label: 'Climatisation' }, { id: 'sieges', label: 'Sièges d’attente' }], columns: AGENCY_ROWS.columns } },
          { key: 'photo', type: 'photo', label: 'Photo de la salle d’attente' },
          { key: 'position', type: 'geolocation', label: 'Position de la visite' },
          { key: 'overall', type: 'rating', label: 'Note globale de l’agence', required: true, settings: { max: 5 } },
          { key: 'actions', type: 'long_text', label: 'Actions à mener', settings: { max_length: 2000 } },
        ],
      },
    ],
  },
  {
    code: 'TPLHYGNE',
    title: 'Audit hygiène et salubrité',
    description: 'Contrôle d’hygiène d’un restaurant, d’une cuisine collective ou d’un point de vente alimentaire : points de contrôle, non-conformités et mesures.',
    category: 'audit',
    type: 'form',
    survey_types: ['form', 'evaluation'],
    steps: [
      {
        title: 'Établissement',
        questions: [
          { key: 'place', type: 'short_text', label: 'Nom de l’établissement', required: true, settings: { max_length: 150 } },
          { key: 'kind', type: 'dropdown', label: 'Type d’établissement', required: true, choices: [['Restaurant'], ['Cantine'], ['Boulangerie'], ['Supermarché'], ['Vente à emporter']] },
          { key: 'date', type: 'date', label: 'Date du contrôle', required: true },
        ],
      },
      {
        title: 'Points de contrôle',
        questions: [
          { key: 'water', type: 'yes_no', label: 'Eau potable disponible aux postes de lavage ?', required: true },
          { key: 'fridge', type: 'number', label: 'Température du réfrigérateur (°C)', required: true, settings: { min: -30, max: 30, unit: '°C' } },
          { key: 'fridge_action', type: 'long_text', label: 'Température au-dessus de 4 °C : mesure prise', required: true, showIf: { key: 'fridge', operator: 'gt', value: 4 } },
          { key: 'pests', type: 'yes_no', label: 'Traces de nuisibles (rongeurs, cafards) ?', required: true },
          { key: 'pests_photo', type: 'photo', label: 'Photo des traces constatées', showIf: { key: 'pests', operator: 'eq', value: true } },
          { key: 'checks', type: 'matrix', label: 'Conformité', settings: { rows: [{ id: 'mains', label: 'Lavage des mains' }, { id: 'tenues', label: 'Tenues et charlottes' }, { id: 'dechets', label: 'Gestion des déchets' }, { id: 'stockage', label: 'Stockage des aliments' }], columns: [{ id: 'conforme', label: 'Conforme' }, { id: 'a_corriger', label: 'À corriger' }, { id: 'non_conforme', label: 'Non conforme' }] } },
        ],
      },
      {
        title: 'Conclusion',
        questions: [
          { key: 'verdict', type: 'single_choice', label: 'Avis général', required: true, choices: [['Satisfaisant', 2], ['À améliorer', 1], ['Insatisfaisant', 0]] },
          { key: 'deadline', type: 'date', label: 'Date limite de mise en conformité', required: true, showIf: { key: 'verdict', operator: 'neq', value: 'Satisfaisant' } },
          { key: 'signature', type: 'signature', label: 'Signature du responsable de l’établissement' },
        ],
      },
    ],
  },
  {
    code: 'TPLEVPRS',
    title: 'Évaluation du personnel',
    description: 'Entretien d’évaluation d’un agent par son responsable : objectifs, savoir-être, points forts et plan de progrès.',
    category: 'hr',
    type: 'evaluation',
    target_kind: 'agent',
    survey_types: ['evaluation'],
    steps: [
      {
        title: 'Objectifs',
        questions: [
          { key: 'period', type: 'dropdown', label: 'Période évaluée', required: true, choices: [['1er semestre'], ['2e semestre'], ['Année complète'], ['Fin de période d’essai']] },
          { key: 'goals', type: 'scale', label: 'Atteinte des objectifs', required: true, settings: { min: 1, max: 5, min_label: 'Non atteints', max_label: 'Dépassés' } },
          { key: 'goals_gap', type: 'long_text', label: 'Quels objectifs n’ont pas été atteints, et pourquoi ?', required: true, showIf: { key: 'goals', operator: 'lt', value: 3 } },
        ],
      },
      {
        title: 'Savoir-être',
        questions: [
          { key: 'skills', type: 'matrix', label: 'Appréciez chaque compétence', required: true, settings: { rows: [{ id: 'ponctualite', label: 'Ponctualité' }, { id: 'equipe', label: 'Travail en équipe' }, { id: 'client', label: 'Relation client' }, { id: 'initiative', label: 'Initiative' }], columns: [{ id: 'excellent', label: 'Excellent' }, { id: 'bien', label: 'Bien' }, { id: 'passable', label: 'Passable' }, { id: 'insuffisant', label: 'Insuffisant' }] } },
          { key: 'strengths', type: 'long_text', label: 'Points forts', required: true },
        ],
      },
      {
        title: 'Plan de progrès',
        questions: [
          { key: 'training', type: 'yes_no', label: 'Une formation est-elle recommandée ?', required: true },
          { key: 'training_topic', type: 'short_text', label: 'Laquelle ?', required: true, showIf: { key: 'training', operator: 'eq', value: true } },
          { key: 'overall', type: 'rating', label: 'Appréciation globale', required: true, settings: { max: 5 } },
          { key: 'comment', type: 'long_text', label: 'Commentaire de l’agent évalué' },
        ],
      },
    ],
  },
  {
    code: 'TPLEVENT',
    title: 'Retour sur un événement',
    description: 'Avis des participants après un séminaire, un salon, un lancement de produit ou une journée portes ouvertes.',
    category: 'satisfaction',
    type: 'form',
    survey_types: ['form'],
    settings: { anonymous: true },
    steps: [
      {
        title: 'Votre participation',
        questions: [
          { key: 'how', type: 'single_choice', label: 'Comment avez-vous connu l’événement ?', required: true, choices: [['Invitation'], ['Réseaux sociaux'], ['Radio ou télévision'], ['Bouche-à-oreille'], ['Affiche']] },
          { key: 'sessions', type: 'multiple_choice', label: 'Quelles séances avez-vous suivies ?', settings: { min_choices: 1 }, required: true, choices: [['Ouverture'], ['Conférence principale'], ['Ateliers'], ['Table ronde'], ['Cocktail de clôture']] },
        ],
      },
      {
        title: 'Votre avis',
        questions: [
          { key: 'overall', type: 'rating', label: 'Note globale de l’événement', required: true, settings: { max: 5 } },
          { key: 'organisation', type: 'matrix', label: 'Organisation', settings: { rows: [{ id: 'lieu', label: 'Lieu' }, { id: 'horaires', label: 'Respect des horaires' }, { id: 'intervenants', label: 'Intervenants' }, { id: 'restauration', label: 'Restauration' }], columns: SATISFACTION_5.map(([l], i) => ({ id: `n${i}`, label: l })) } },
          { key: 'disappointed', type: 'long_text', label: 'Qu’est-ce qui vous a déçu ?', showIf: { key: 'overall', operator: 'lt', value: 3 } },
          { key: 'again', type: 'yes_no', label: 'Participerez-vous à la prochaine édition ?', required: true },
          { key: 'email', type: 'email', label: 'Votre e-mail pour recevoir les supports', showIf: { key: 'again', operator: 'eq', value: true } },
        ],
      },
    ],
  },
  {
    code: 'TPLMRCHE',
    title: 'Étude de marché terrain',
    description: 'Questionnaire d’enquêteur au marché ou en porte-à-porte : profil du consommateur, habitudes d’achat, prix acceptable.',
    category: 'census',
    type: 'form',
    survey_types: ['form', 'contribution'],
    premium: true,
    steps: [
      {
        title: 'Profil',
        questions: [
          { key: 'age', type: 'dropdown', label: 'Tranche d’âge', required: true, choices: [['18-24 ans'], ['25-34 ans'], ['35-49 ans'], ['50 ans et plus']] },
          { key: 'gender', type: 'single_choice', label: 'Sexe', required: true, choices: [['Femme'], ['Homme']] },
          { key: 'town', type: 'short_text', label: 'Ville ou quartier', required: true, settings: { max_length: 100 } },
          { key: 'position', type: 'geolocation', label: 'Lieu de l’entretien' },
        ],
      },
      {
        title: 'Habitudes d’achat',
        questions: [
          { key: 'buys', type: 'yes_no', label: 'Achetez-vous ce type de produit ?', required: true },
          { key: 'frequency', type: 'single_choice', label: 'À quelle fréquence ?', required: true, choices: [['Chaque jour'], ['Chaque semaine'], ['Chaque mois'], ['Plus rarement']], showIf: { key: 'buys', operator: 'eq', value: true } },
          { key: 'where', type: 'multiple_choice', label: 'Où l’achetez-vous ?', choices: [['Marché'], ['Boutique de quartier'], ['Supermarché'], ['Vendeur ambulant'], ['En ligne']], showIf: { key: 'buys', operator: 'eq', value: true } },
          { key: 'why_not', type: 'long_text', label: 'Pourquoi n’en achetez-vous pas ?', showIf: { key: 'buys', operator: 'eq', value: false } },
          { key: 'criteria', type: 'ranking', label: 'Classez vos critères de choix', choices: [['Prix'], ['Qualité'], ['Disponibilité'], ['Marque']] },
          { key: 'price', type: 'number', label: 'Prix maximal acceptable (FCFA)', required: true, settings: { min: 0, max: 1000000, integer: true, unit: 'FCFA' } },
        ],
      },
    ],
  },
];

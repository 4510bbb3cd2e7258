import type { TemplateSeed } from './platform-templates-data';

/** The platform's template library, part 2 (see part 1 for the conventions). */
export const TEMPLATES_PART_2: readonly TemplateSeed[] = [
  {
    code: 'TPLLVRSN',
    title: 'Contrôle de livraison',
    description: 'Vérification à la réception d’une livraison (marchandises, commande client) : conformité, quantités, état, réserves et signature.',
    category: 'operations',
    type: 'form',
    survey_types: ['form'],
    steps: [
      {
        title: 'Livraison',
        questions: [
          { key: 'order', type: 'short_text', label: 'Numéro du bon de livraison', required: true, settings: { max_length: 60 } },
          { key: 'date', type: 'date', label: 'Date de réception', required: true },
          { key: 'time', type: 'time', label: 'Heure de réception' },
          { key: 'carrier', type: 'dropdown', label: 'Transporteur', choices: [['Livreur interne'], ['Transporteur partenaire'], ['Moto-taxi'], ['Client (retrait)']] },
        ],
      },
      {
        title: 'Contrôle',
        questions: [
          { key: 'complete', type: 'yes_no', label: 'Les quantités reçues correspondent-elles au bon ?', required: true },
          { key: 'missing', type: 'number', label: 'Nombre d’articles manquants', required: true, settings: { min: 1, max: 100000, integer: true }, showIf: { key: 'complete', operator: 'eq', value: false } },
          { key: 'state', type: 'single_choice', label: 'État des colis', required: true, choices: [['Intacts'], ['Légèrement abîmés'], ['Endommagés']] },
          { key: 'damage_photo', type: 'photo', label: 'Photo des dommages', showIf: { key: 'state', operator: 'neq', value: 'Intacts' } },
          { key: 'reserves', type: 'long_text', label: 'Réserves émises', settings: { max_length: 2000 } },
        ],
      },
      {
        title: 'Validation',
        questions: [
          { key: 'receiver', type: 'short_text', label: 'Nom de la personne qui réceptionne', required: true },
          { key: 'signature', type: 'signature', label: 'Signature du réceptionnaire' },
          { key: 'position', type: 'geolocation', label: 'Lieu de la réception' },
        ],
      },
    ],
  },
  {
    code: 'TPLFRMTN',
    title: 'Évaluation d’une formation',
    description: 'À la fin d’une formation : contenu, formateur, utilité pour le poste et besoins de suivi.',
    category: 'hr',
    type: 'form',
    survey_types: ['form'],
    settings: { anonymous: true },
    steps: [
      {
        title: 'La formation',
        questions: [
          { key: 'title', type: 'short_text', label: 'Intitulé de la formation', required: true, settings: { max_length: 150 } },
          { key: 'content', type: 'scale', label: 'Le contenu répondait-il à vos attentes ?', required: true, settings: { min: 1, max: 5, min_label: 'Pas du tout', max_label: 'Tout à fait' } },
          { key: 'trainer', type: 'matrix', label: 'Le formateur', settings: { rows: [{ id: 'clarte', label: 'Clarté' }, { id: 'maitrise', label: 'Maîtrise du sujet' }, { id: 'ecoute', label: 'Écoute' }], columns: [{ id: 'bien', label: 'Bien' }, { id: 'moyen', label: 'Moyen' }, { id: 'faible', label: 'Faible' }] } },
        ],
      },
      {
        title: 'Après la formation',
        questions: [
          { key: 'useful', type: 'yes_no', label: 'Allez-vous l’appliquer dans votre travail ?', required: true },
          { key: 'obstacle', type: 'long_text', label: 'Qu’est-ce qui vous en empêche ?', required: true, showIf: { key: 'useful', operator: 'eq', value: false } },
          { key: 'followup', type: 'multiple_choice', label: 'Quel suivi souhaitez-vous ?', choices: [['Support écrit'], ['Session de rappel'], ['Accompagnement sur le terrain'], ['Aucun']] },
          { key: 'stars', type: 'rating', label: 'Note globale', required: true, settings: { max: 5 } },
        ],
      },
    ],
  },
  {
    code: 'TPLNPSCL',
    title: 'Recommandation client (NPS)',
    description: 'La question du Net Promoter Score et sa raison, courte à envoyer par SMS ou WhatsApp après un achat.',
    category: 'satisfaction',
    type: 'form',
    survey_types: ['form'],
    settings: { anonymous: true },
    steps: [
      {
        title: 'Votre recommandation',
        questions: [
          { key: 'nps', type: 'scale', label: 'Quelle est la probabilité que vous nous recommandiez à un proche ?', required: true, settings: { min: 0, max: 10, min_label: 'Pas du tout probable', max_label: 'Très probable', nps: true } },
          { key: 'detractor', type: 'long_text', label: 'Que devrions-nous améliorer en priorité ?', required: true, showIf: { key: 'nps', operator: 'lt', value: 7 } },
          { key: 'promoter', type: 'long_text', label: 'Qu’appréciez-vous le plus chez nous ?', showIf: { key: 'nps', operator: 'gt', value: 8 } },
        ],
      },
      {
        title: 'Pour finir',
        questions: [
          { key: 'customer_since', type: 'single_choice', label: 'Depuis combien de temps êtes-vous client ?', choices: [['Moins de 6 mois'], ['6 mois à 2 ans'], ['Plus de 2 ans']] },
          { key: 'callback', type: 'yes_no', label: 'Acceptez-vous d’être recontacté ?' },
          { key: 'phone', type: 'phone', label: 'Votre numéro', required: true, settings: { mobile_only: true }, showIf: { key: 'callback', operator: 'eq', value: true } },
        ],
      },
    ],
  },
  {
    code: 'TPLMYSTR',
    title: 'Client mystère',
    description: 'Scénario de visite anonyme : l’enquêteur se présente comme un client et note chaque étape du parcours, preuves à l’appui.',
    category: 'audit',
    type: 'form',
    survey_types: ['form', 'evaluation'],
    premium: true,
    steps: [
      {
        title: 'Visite',
        questions: [
          { key: 'place', type: 'short_text', label: 'Point de vente visité', required: true },
          { key: 'date', type: 'date', label: 'Date', required: true },
          { key: 'arrival', type: 'time', label: 'Heure d’entrée', required: true },
          { key: 'wait', type: 'number', label: 'Attente avant d’être servi (minutes)', required: true, settings: { min: 0, max: 240, integer: true, unit: 'min' } },
        ],
      },
      {
        title: 'Parcours client',
        questions: [
          { key: 'greeted', type: 'yes_no', label: 'Avez-vous été salué dans la première minute ?', required: true },
          { key: 'needs', type: 'yes_no', label: 'Le vendeur a-t-il posé des questions sur votre besoin ?', required: true },
          { key: 'offer', type: 'single_choice', label: 'L’offre proposée', required: true, choices: [['Adaptée à mon besoin'], ['Partiellement adaptée'], ['Inadaptée'], ['Aucune offre']] },
          { key: 'offer_detail', type: 'long_text', label: 'Décrivez ce qui a manqué', required: true, showIf: { key: 'offer', operator: 'in', value: ['Inadaptée', 'Aucune offre'] } },
          { key: 'closing', type: 'scale', label: 'Prise de congé', settings: { min: 1, max: 5, min_label: 'Froide', max_label: 'Chaleureuse' } },
        ],
      },
      {
        title: 'Preuves',
        questions: [
          { key: 'receipt', type: 'photo', label: 'Photo du ticket ou de la façade' },
          { key: 'position', type: 'geolocation', label: 'Position de la visite' },
          { key: 'overall', type: 'rating', label: 'Note globale de l’expérience', required: true, settings: { max: 5 } },
        ],
      },
    ],
  },
  {
    code: 'TPLNCDNT',
    title: 'Rapport d’incident',
    description: 'Déclaration d’un incident sur site (accident, vol, panne, litige client) par l’agent présent, avec gravité, photos et suites.',
    category: 'operations',
    type: 'form',
    survey_types: ['form', 'contribution'],
    steps: [
      {
        title: 'L’incident',
        questions: [
          { key: 'kind', type: 'dropdown', label: 'Nature de l’incident', required: true, choices: [['Accident de personne'], ['Vol ou agression'], ['Panne d’équipement'], ['Coupure d’électricité'], ['Litige avec un client'], ['Autre']] },
          { key: 'other_kind', type: 'short_text', label: 'Précisez la nature', required: true, showIf: { key: 'kind', operator: 'eq', value: 'Autre' } },
          { key: 'date', type: 'date', label: 'Date', required: true },
          { key: 'time', type: 'time', label: 'Heure', required: true },
          { key: 'position', type: 'geolocation', label: 'Lieu' },
        ],
      },
      {
        title: 'Gravité',
        questions: [
          { key: 'severity', type: 'single_choice', label: 'Gravité', required: true, choices: [['Mineure'], ['Moyenne'], ['Grave']] },
          { key: 'injured', type: 'yes_no', label: 'Y a-t-il des blessés ?', required: true },
          { key: 'injured_count', type: 'number', label: 'Nombre de blessés', required: true, settings: { min: 1, max: 1000, integer: true }, showIf: { key: 'injured', operator: 'eq', value: true } },
          { key: 'description', type: 'long_text', label: 'Décrivez les faits', required: true, settings: { max_length: 4000 } },
          { key: 'photo', type: 'photo', label: 'Photo' },
        ],
      },
      {
        title: 'Suites',
        questions: [
          { key: 'alerted', type: 'multiple_choice', label: 'Qui a été prévenu ?', choices: [['Responsable de site'], ['Police ou gendarmerie'], ['Sapeurs-pompiers'], ['Assurance'], ['Personne']] },
          { key: 'actions', type: 'long_text', label: 'Mesures prises sur place' },
          { key: 'reporter_phone', type: 'phone', label: 'Votre numéro pour vous joindre', required: true },
        ],
      },
    ],
  },
  {
    code: 'TPLPULSE',
    title: 'Baromètre des employés',
    description: 'Sondage court et anonyme à envoyer chaque mois aux équipes : humeur, charge de travail, soutien du management.',
    category: 'hr',
    type: 'form',
    survey_types: ['form'],
    settings: { anonymous: true },
    steps: [
      {
        title: 'Ce mois-ci',
        questions: [
          { key: 'mood', type: 'rating', label: 'Comment vous sentez-vous au travail ce mois-ci ?', required: true, settings: { max: 5 } },
          { key: 'mood_why', type: 'long_text', label: 'Qu’est-ce qui pèse sur votre moral ?', showIf: { key: 'mood', operator: 'lt', value: 3 } },
          { key: 'workload', type: 'single_choice', label: 'Votre charge de travail', required: true, choices: [['Trop faible'], ['Adaptée'], ['Élevée'], ['Intenable']] },
          { key: 'statements', type: 'matrix', label: 'Êtes-vous d’accord ?', settings: { rows: [{ id: 'soutien', label: 'Mon responsable me soutient' }, { id: 'outils', label: 'J’ai les outils pour bien travailler' }, { id: 'reconnaissance', label: 'Mon travail est reconnu' }], columns: [{ id: 'oui', label: 'D’accord' }, { id: 'neutre', label: 'Neutre' }, { id: 'non', label: 'Pas d’accord' }] } },
        ],
      },
      {
        title: 'Votre idée',
        questions: [
          { key: 'recommend', type: 'scale', label: 'Recommanderiez-vous l’entreprise comme employeur ?', required: true, settings: { min: 0, max: 10, nps: true } },
          { key: 'idea', type: 'long_text', label: 'Une idée pour améliorer le quotidien de l’équipe ?', settings: { max_length: 1000 } },
        ],
      },
    ],
  },
];

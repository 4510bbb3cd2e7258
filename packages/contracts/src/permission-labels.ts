/**
 * French names of every permission object and action, for the role editor's matrix
 * (object × action): no raw slug reaches a screen. A test checks every object and
 * action of the catalogue has its label here.
 */
export const PERMISSION_OBJECT_LABELS: Readonly<Record<string, string>> = {
  accessibility: 'Accessibilité',
  activities: 'Activités',
  agents: 'Agents',
  approvals: 'Demandes à valider',
  articles: 'Articles',
  audiences: 'Audiences',
  bills: 'Relevés',
  bookings: 'Réservations',
  broadcasts: 'Diffusions',
  categories: 'Catégories',
  chatrooms: 'Conversations',
  choices: 'Choix de réponse',
  companies: 'Entreprise',
  contacts: 'Contacts',
  contributions: 'Contributions',
  contributors: 'Contributeurs',
  countries: 'Pays',
  devices: 'Appareils',
  districts: 'Quartiers',
  features: 'Fonctionnalités',
  groups: 'Groupes',
  invitations: 'Invitations',
  invoices: 'Factures',
  locations: 'Localités',
  medias: 'Fichiers',
  messages: 'Messages',
  monitors: 'Évaluations',
  nodes: 'Nœuds',
  notifications: 'Notifications',
  packages: 'Forfaits',
  participants: 'Participants',
  participations: 'Participations',
  permissions: 'Permissions',
  pins: 'Épingles',
  pointerests: "Points d'intérêt",
  questions: 'Questions',
  regions: 'Régions',
  reports: 'Rapports',
  roles: 'Rôles',
  sectors: "Secteurs d'activité",
  sites: 'Sites',
  steps: 'Étapes',
  subaudiences: 'Sous-audiences',
  surveys: 'Formulaires',
  templates: 'Modèles',
  towns: 'Villes',
  transactions: 'Transactions',
  users: 'Utilisateurs',
  validations: 'Validations',
  webhooks: 'Webhooks',
  workspaces: 'Espaces de travail',
  zones: 'Zones',
};

/** French label of an object; the slug itself only for an object the catalogue lacks. */
export function permissionObjectLabel(object: string): string {
  return PERMISSION_OBJECT_LABELS[object] ?? object;
}

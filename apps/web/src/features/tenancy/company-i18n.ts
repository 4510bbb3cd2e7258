import { PERMISSION_OBJECT_LABELS } from '@app/contracts/permission-labels';
import { COMPANY_ROLES, GLOBAL_ROLES, PERMISSION_ACTION_LABELS } from '@app/contracts/permissions';
import type { TFunction } from 'i18next';
import { defineTextNamespace, type Translated } from '../../i18n/text-namespace';

export const COMPANY_NS = 'company';

/**
 * Texts of the company screens (self-service, settings, people, roles, approvals,
 * dashboard). French ships with the screens; the other languages load on demand
 * (`i18n/locales/<lng>-company.ts`, Mexican Spanish reads the Spanish one).
 */
export const frCompany = {
  loading: 'Chargement…',
  loadError: 'Impossible de charger cette page.',
  retry: 'Réessayer',
  cancel: 'Annuler',
  save: 'Enregistrer',
  saved: 'Modifications enregistrées',
  none: 'Aucun',
  confirmTitle: 'Confirmation',
  // Self-service.
  startTitle: 'Commencer avec une entreprise',
  startIntro: 'Créez votre entreprise, ou demandez à rejoindre celle qui vous emploie avec son code.',
  createTitle: 'Créer une entreprise',
  createIntro: 'Vous en serez le propriétaire, avec toutes les permissions.',
  createSubmit: "Créer l'entreprise",
  created: 'Entreprise {{name}} créée',
  name: 'Nom',
  nameRequired: "Le nom de l'entreprise est obligatoire (2 caractères au moins).",
  sector: "Secteur d'activité",
  town: 'Ville',
  address: 'Adresse',
  email: 'E-mail',
  phone: 'Téléphone',
  logo: 'Logo',
  logoHint: 'PNG, JPEG ou WebP, 2 Mo au plus.',
  logoUpdated: 'Logo mis à jour',
  joinTitle: 'Rejoindre une entreprise',
  joinIntro: "Saisissez le code de l'entreprise (6 caractères, donné par son responsable ou sous son QR code).",
  code: "Code de l'entreprise",
  codeRequired: 'Saisissez le code de l’entreprise.',
  find: 'Rechercher',
  job: 'Votre poste (facultatif)',
  message: 'Message (facultatif)',
  askToJoin: 'Demander à rejoindre',
  requestSent: 'Demande envoyée à {{name}}. Vous serez prévenu dès qu’elle sera traitée.',
  // Settings.
  settingsTitle: "Paramètres de l'entreprise",
  codeTitle: 'Code et QR code',
  codeHelp: 'Partagez ce code ou ce QR code : une personne qui le saisit peut demander à rejoindre l’entreprise.',
  downloadQr: 'Télécharger le QR code',
  readOnly: "Vous pouvez consulter ces informations, mais pas les modifier.",
  // Dashboard.
  dashboardTitle: 'Tableau de bord',
  surveys: 'Formulaires',
  surveysByStatus: '{{count}} formulaire(s)',
  participationsWeek: 'Participations cette semaine',
  toReview: 'À contrôler',
  agentsCount: 'Agents actifs',
  pendingApprovals: 'Demandes à valider',
  pendingInvitationsCount: 'Invitations en attente',
  latestParticipations: 'Dernières participations',
  noParticipation: 'Aucune participation pour le moment.',
  anonymous: 'Anonyme',
  shortcuts: 'Raccourcis',
  nothingToShow: "Votre rôle ne donne accès à aucun indicateur de l'entreprise.",
  status_draft: 'Brouillon',
  status_submitted: 'Soumis',
  status_published: 'Publié',
  status_rejected: 'Rejeté',
  status_closed: 'Clôturé',
  // People.
  peopleTitle: 'Personnes',
  type_agents: 'Agents',
  type_partners: 'Partenaires',
  type_customers: 'Clients',
  invitations: 'Invitations',
  invite: 'Inviter',
  inviteTitle: 'Inviter une personne',
  inviteHelp: 'Indiquez son e-mail ou son numéro de téléphone ; elle recevra l’invitation et pourra l’accepter.',
  firstName: 'Prénom',
  lastName: 'Nom',
  jobTitle: 'Poste',
  contactRequired: 'Indiquez un e-mail ou un numéro de téléphone.',
  invitationSentTo: 'Invitation envoyée',
  resend: 'Renvoyer',
  resent: 'Invitation renvoyée',
  cancelInvitation: "Annuler l'invitation",
  cancelInvitationConfirm: "Annuler l'invitation de {{name}} ? Elle ne pourra plus l'accepter.",
  invitationCancelled: 'Invitation annulée',
  istatus_pending: 'En attente',
  istatus_accepted: 'Acceptée',
  istatus_refused: 'Refusée',
  istatus_cancelled: 'Annulée',
  istatus_expired: 'Expirée',
  expiresOn: 'Expire le',
  astatus_active: 'Actif',
  astatus_suspended: 'Suspendu',
  astatus_invited: 'Invité',
  participationsCount: 'Participations',
  lastParticipation: 'Dernière participation',
  roles: 'Rôles',
  status: 'Statut',
  contact: 'Contact',
  since: 'Depuis le',
  // Agent page.
  agentTitle: 'Agent',
  identity: 'Identité',
  groups: 'Groupes',
  noGroup: 'Membre d’aucun groupe.',
  history: 'Historique',
  event_invited: 'Invité',
  event_invitation_accepted: 'Invitation acceptée',
  event_join_requested: 'Demande pour rejoindre',
  event_join_approved: 'Demande acceptée',
  event_joined: "Arrivée dans l'entreprise",
  event_suspended: 'Suspendu',
  event_status_changed: 'Statut modifié',
  suspend: 'Suspendre',
  reactivate: 'Réactiver',
  remove: "Retirer de l'entreprise",
  suspendConfirm: 'Suspendre {{name}} ? Il ne pourra plus agir pour l’entreprise jusqu’à sa réactivation.',
  removeConfirm: "Retirer {{name}} de l'entreprise ? Ses rôles lui seront retirés.",
  suspended: 'Agent suspendu',
  reactivated: 'Agent réactivé',
  removed: "Agent retiré de l'entreprise",
  assignRole: 'Attribuer un rôle',
  removeRole: 'Retirer',
  removeRoleConfirm: 'Retirer le rôle {{role}} à {{name}} ?',
  roleAssigned: 'Rôle attribué',
  roleRemoved: 'Rôle retiré',
  chooseRole: 'Choisir un rôle',
  recentParticipations: 'Dernières participations',
  // Roles.
  rolesTitle: 'Rôles',
  newRole: 'Nouveau rôle',
  roleName: 'Nom du rôle',
  roleDescription: 'Description',
  roleCreated: 'Rôle créé',
  roleDeleted: 'Rôle supprimé',
  deleteRole: 'Supprimer le rôle',
  deleteRoleConfirm: 'Supprimer le rôle {{name}} ? Les personnes qui le détiennent perdront ses permissions.',
  state_active: 'Actif',
  state_inactive: 'Inactif',
  activate: 'Activer',
  deactivate: 'Désactiver',
  stateChanged: 'État du rôle modifié',
  global: 'Rôle de la plateforme',
  owner: 'Toutes les permissions',
  permissions: 'Permissions',
  permissionsCount: '{{count}} permission(s)',
  matrixHelp: 'Cochez ce que ce rôle permet. Chaque case s’enregistre aussitôt.',
  matrixReadOnly: 'Ce rôle ne peut pas être modifié ici.',
  object: 'Objet',
  filterObjects: 'Filtrer les objets',
  permissionAdded: 'Permission ajoutée : {{label}}',
  permissionRemoved: 'Permission retirée : {{label}}',
  holders: 'Attribué à',
  // Approvals.
  approvalsTitle: 'Demandes et validations',
  pendingTab: 'À valider',
  decidedTab: 'Validations',
  noApproval: 'Aucune demande à valider.',
  noDecision: 'Aucune demande traitée.',
  type_join_request: 'Demande pour rejoindre',
  approve: 'Approuver',
  reject: 'Rejeter',
  approveConfirm: 'Approuver la demande de {{name}} ?',
  rejectConfirm: 'Rejeter la demande de {{name}} ?',
  reason: 'Motif (facultatif)',
  approved: 'Demande approuvée',
  rejected: 'Demande rejetée',
  apstatus_pending: 'En attente',
  apstatus_approved: 'Approuvée',
  apstatus_rejected: 'Rejetée',
  decidedOn: 'Traitée le {{date}}',
  requestedOn: 'Demandée le {{date}}',
  /** The role editor's names of permission objects and actions, by slug (French: the contracts' own). */
  permissionObjects: { ...PERMISSION_OBJECT_LABELS },
  permissionActions: { ...PERMISSION_ACTION_LABELS },
} as const;

export type CompanyMessages = Translated<typeof frCompany>;

const companyTexts = defineTextNamespace(COMPANY_NS, frCompany, {
  en: () => import('../../i18n/locales/en-company').then((m) => m.enCompany),
  de: () => import('../../i18n/locales/de-company').then((m) => m.deCompany),
  es: () => import('../../i18n/locales/es-company').then((m) => m.esCompany),
  'es-MX': () => import('../../i18n/locales/es-company').then((m) => m.esCompany),
  'zh-CN': () => import('../../i18n/locales/zh-cn-company').then((m) => m.zhCNCompany),
});

/** The company texts of the current language, loaded (tests and loaders await it before a first render). */
export const loadCompanyI18n = companyTexts.load;

export function useCompanyT() {
  return companyTexts.useT();
}

/** A permission object's or action's name in the reader's language; the slug only for one the texts lack. */
export function permissionLabel(t: TFunction, kind: 'permissionObjects' | 'permissionActions', slug: string): string {
  const labels = t(kind, { returnObjects: true }) as Record<string, string> | string;
  return (typeof labels === 'object' && labels[slug]) || slug;
}

/** A role as a screen receives it: `company_id` null for the platform's, absent in summaries of held roles. */
interface ShownRole {
  company_id?: number | null;
  slug: string;
  name: string;
  description?: string | null;
}

/**
 * The key of a role's texts in the reader's language, or null to show it as written: the
 * platform's roles always; a company's own only for the roles it started with (owner, agent)
 * while their stored text is still the French one the company was created with.
 */
function roleTextKey(role: ShownRole, field: 'name' | 'description'): string | null {
  const started = COMPANY_ROLES.find((definition) => definition.slug === role.slug);
  const platform = GLOBAL_ROLES.find((definition) => definition.slug === role.slug);
  const prefix = field === 'name' ? 'role' : 'roleDescription';
  if (role.company_id === null) return `session:${prefix}_${role.slug}`;
  if (started && started[field] === role[field]) return `session:company${prefix[0].toUpperCase()}${prefix.slice(1)}_${role.slug}`;
  // A summary of a held role does not say whose it is: a platform role's own text is enough.
  if (role.company_id === undefined && platform && platform[field] === role[field]) return `session:${prefix}_${role.slug}`;
  return null;
}

/** A role's name in the reader's language where it is one the platform wrote (roleTextKey), else as written. */
export function roleName(t: TFunction, role: ShownRole): string {
  const key = roleTextKey(role, 'name');
  return key ? t(key, { defaultValue: role.name }) : role.name;
}

/** A role's description, by the same rule as its name. */
export function roleDescription(t: TFunction, role: Omit<ShownRole, 'name'> & { name?: string }): string | null {
  const key = roleTextKey({ name: '', ...role }, 'description');
  return key ? t(key, { defaultValue: role.description ?? '' }) || null : (role.description ?? null);
}

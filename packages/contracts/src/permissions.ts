/**
 * The permission catalogue (product description sections 3 and 6): slugs `object.action`
 * for every resource, the special actions of the notable routes, and the roles the
 * platform ships with. The server seeds its `permissions` table from this list and the
 * web app checks the same slugs, so both sides agree on one spelling.
 */
import type { PermissionMap } from './auth';
import { permissionObjectLabel } from './permission-labels';

export const STANDARD_ACTIONS = ['list', 'show', 'create', 'update', 'delete'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** Resources named in the API (section 3), each with the standard actions. */
export const PERMISSION_OBJECTS = [
  'accessibility',
  'activities',
  'agents',
  'approvals',
  'articles',
  'audiences',
  'bills',
  'bookings',
  'broadcasts',
  'categories',
  'chatrooms',
  'choices',
  'companies',
  'contacts',
  'contributions',
  'contributors',
  'countries',
  'devices',
  'districts',
  'features',
  'groups',
  'invitations',
  'invoices',
  'medias',
  'messages',
  'monitors',
  'nodes',
  'notifications',
  'packages',
  'participants',
  'participations',
  'permissions',
  'pins',
  'pointerests',
  'questions',
  'regions',
  'reports',
  'roles',
  'sectors',
  'sites',
  'steps',
  'subaudiences',
  'surveys',
  'templates',
  'towns',
  'transactions',
  'users',
  'validations',
  'webhooks',
  'workspaces',
  'zones',
] as const;
export type PermissionObject = (typeof PERMISSION_OBJECTS)[number] | 'locations';

/**
 * Actions beyond the standard five, from the notable routes of section 7 and the ability
 * rules of section 6 (`locations.manage` for zones, `pointerests.show` for poles).
 */
export const SPECIAL_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  activities: ['export'],
  agents: ['changestate', 'assignrole', 'removerole'],
  approvals: ['validate'],
  bills: ['export'],
  bookings: ['confirm', 'cancel'],
  chatrooms: ['manage'],
  companies: ['changestate', 'importagents', 'importworkspaces'],
  invoices: ['close', 'pay', 'download'],
  locations: ['manage'],
  monitors: ['changestate'],
  packages: ['subscribe'],
  participations: ['check', 'uncheck', 'validate', 'export'],
  questions: ['changestate'],
  roles: ['changestate', 'assignpermission', 'removepermission'],
  steps: ['changestate'],
  surveys: ['submit', 'publish', 'reject', 'close', 'active', 'changeavailability', 'copy', 'export'],
  templates: ['changestate'],
  transactions: ['init', 'check'],
  users: ['assignrole', 'removerole'],
};

export interface PermissionDefinition {
  object: string;
  action: string;
  slug: string;
  /** French description shown in the role editor. */
  description: string;
}

export function permissionSlug(object: string, action: string): string {
  return `${object}.${action}`;
}

/** Splits `object.action`; null when the text is not a slug. */
export function parsePermissionSlug(slug: string): { object: string; action: string } | null {
  const match = /^([a-z_]+)\.([a-z_]+)$/.exec(slug);
  return match ? { object: match[1], action: match[2] } : null;
}

/** French names of the actions (role editor columns, permission descriptions). */
export const PERMISSION_ACTION_LABELS: Readonly<Record<string, string>> = {
  list: 'Lister',
  show: 'Consulter',
  create: 'Créer',
  update: 'Modifier',
  delete: 'Supprimer',
  export: 'Exporter',
  changestate: "Changer l'état",
  assignrole: 'Attribuer un rôle',
  removerole: 'Retirer un rôle',
  assignpermission: 'Attribuer une permission',
  removepermission: 'Retirer une permission',
  validate: 'Valider',
  manage: 'Gérer',
  importagents: 'Importer des agents',
  importworkspaces: 'Importer des espaces de travail',
  close: 'Clôturer',
  pay: 'Payer',
  download: 'Télécharger',
  check: 'Contrôler',
  uncheck: 'Annuler le contrôle',
  submit: 'Soumettre',
  publish: 'Publier',
  reject: 'Rejeter',
  active: 'Activer ou désactiver',
  changeavailability: 'Changer la disponibilité',
  copy: 'Copier',
  init: 'Initier',
  subscribe: 'Souscrire',
  confirm: 'Confirmer',
  cancel: 'Annuler',
};

export function permissionActionLabel(action: string): string {
  return PERMISSION_ACTION_LABELS[action] ?? action;
}

function describePermission(object: string, action: string): string {
  return `${permissionActionLabel(action)} : ${permissionObjectLabel(object)}`;
}

function buildCatalogue(): PermissionDefinition[] {
  const list: PermissionDefinition[] = [];
  const add = (object: string, action: string) =>
    list.push({ object, action, slug: permissionSlug(object, action), description: describePermission(object, action) });
  for (const object of PERMISSION_OBJECTS) {
    for (const action of STANDARD_ACTIONS) add(object, action);
  }
  for (const [object, actions] of Object.entries(SPECIAL_ACTIONS)) {
    for (const action of actions) add(object, action);
  }
  return list;
}

/** Every permission of the platform, in a stable order. */
export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = buildCatalogue();

export const PERMISSION_SLUGS: ReadonlySet<string> = new Set(PERMISSION_CATALOGUE.map((p) => p.slug));

export function isKnownPermission(slug: string): boolean {
  return PERMISSION_SLUGS.has(slug);
}

/** The permission map as the web stores it (slug -> true), sorted by slug. */
export function toPermissionMap(slugs: Iterable<string>): PermissionMap {
  const map: PermissionMap = {};
  for (const slug of [...slugs].sort()) map[slug] = true;
  return map;
}

/**
 * Section 6: a check succeeds if the action on the object (or on any object of a list)
 * is granted.
 */
export function canDo(map: Readonly<Record<string, boolean>>, objects: string | readonly string[], action: string): boolean {
  const list = typeof objects === 'string' ? [objects] : objects;
  return list.some((object) => map[permissionSlug(object, action)] === true);
}

/** Who a role may be given to: a user account (global) or an agent (membership). */
export type RoleHolder = 'user' | 'agent';

export interface RoleDefinition {
  slug: string;
  name: string;
  description: string;
  /** Granted every permission of the catalogue. */
  isOwner: boolean;
  assignableTo: readonly RoleHolder[];
  /** Permission slugs when not an owner role. */
  permissions: readonly string[];
}

const read = (...objects: string[]) => objects.flatMap((o) => [permissionSlug(o, 'list'), permissionSlug(o, 'show')]);
const write = (...objects: string[]) => objects.flatMap((o) => [permissionSlug(o, 'create'), permissionSlug(o, 'update')]);

/** Platform roles (company null), seeded at every start. */
export const GLOBAL_ROLES: readonly RoleDefinition[] = [
  {
    slug: 'admin',
    name: 'Administrateur',
    description: "Administrateur de la plateforme : toutes les permissions et l'espace d'administration.",
    isOwner: true,
    assignableTo: ['user'],
    permissions: [],
  },
  {
    slug: 'customer',
    name: 'Client',
    description: 'Répond aux enquêtes, suit ses participations, ses rapports et les diffusions.',
    isOwner: false,
    assignableTo: ['user'],
    permissions: [
      ...read('surveys', 'participations', 'contributions', 'reports', 'broadcasts', 'notifications', 'articles', 'invoices'),
      ...read('chatrooms', 'messages', 'pins', 'medias'),
      ...write('participations', 'contributions', 'chatrooms', 'messages', 'pins', 'medias'),
      ...read('bookings'),
      'bookings.create',
      'bookings.cancel',
      'transactions.init',
      'transactions.check',
      'notifications.update',
      'pins.delete',
    ],
  },
  {
    slug: 'partner',
    name: 'Partenaire',
    description: "Partenaire d'une entreprise : sites, transactions, pôles et enquêtes en lecture.",
    isOwner: false,
    assignableTo: ['agent', 'user'],
    permissions: [
      // Section 2: partners see sites and poles, not workspaces (agents only).
      ...read('sites', 'groups', 'agents', 'transactions', 'pointerests', 'nodes', 'surveys'),
      ...read('participations', 'reports', 'broadcasts', 'notifications', 'chatrooms', 'messages'),
      ...write('participations', 'contributions', 'messages'),
      'contributions.list',
      'contributions.show',
    ],
  },
];

/** Roles every new company gets; the creator holds `owner`, joining agents `agent`. */
export const COMPANY_ROLES: readonly RoleDefinition[] = [
  {
    slug: 'owner',
    name: 'Propriétaire',
    description: "Responsable de l'entreprise : toutes les permissions.",
    isOwner: true,
    assignableTo: ['agent'],
    permissions: [],
  },
  {
    slug: 'agent',
    name: 'Agent',
    description: 'Membre de l’entreprise : collecte, contributions, messagerie.',
    isOwner: false,
    assignableTo: ['agent'],
    permissions: [
      ...read('surveys', 'steps', 'questions', 'choices', 'participations', 'contributions', 'contributors'),
      ...read('sites', 'workspaces', 'groups', 'agents', 'audiences', 'reports', 'monitors', 'broadcasts'),
      ...read('notifications', 'chatrooms', 'messages', 'pins', 'medias', 'activities', 'pointerests', 'nodes'),
      ...write('participations', 'contributions', 'reports', 'chatrooms', 'messages', 'pins', 'medias'),
      'notifications.update',
      'pins.delete',
    ],
  },
];

export const OWNER_ROLE_SLUG = 'owner';
export const MEMBER_ROLE_SLUG = 'agent';
export const ADMIN_ROLE_SLUG = 'admin';
export const CUSTOMER_ROLE_SLUG = 'customer';
export const PARTNER_ROLE_SLUG = 'partner';

/**
 * What the API and the web app agree on for conversations, broadcasts, notifications and
 * webhooks (API.md "Messaging"): kinds, request bodies, limits.
 */
import { z } from 'zod';
import { recordId, recordIdSchema } from './ids';

/**
 * The toast cards of section 2, one kind each: a broadcast, a plain notification, an
 * invitation to contribute, a new contribution, an evaluation (five target variants in
 * `data.target`), an invitation to a company.
 */
export const NOTIFICATION_KINDS = ['broadcast', 'notification', 'contributor', 'contribution', 'evaluation', 'invitation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which profile preference (`notification_preferences.events`) lets a kind be e-mailed; null: always. */
export const NOTIFICATION_PREFERENCE_OF: Record<NotificationKind, 'invitations' | 'contributions' | 'broadcasts' | 'reports' | null> = {
  broadcast: 'broadcasts',
  notification: null,
  contributor: 'contributions',
  contribution: 'contributions',
  evaluation: 'reports',
  invitation: 'invitations',
};

export interface NotificationView {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  agent_id: number | null;
  company_id: number | null;
  read_at: string | null;
  created_at: string;
}

/** Page size of the notification list and the received broadcasts (section 9: broadcasts 20). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const BROADCASTS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'La page doit être un nombre.' }).int('La page doit être un nombre entier.').min(1, 'La page commence à 1.').max(100000).default(1),
  limit: z.coerce.number({ error: 'La limite doit être un nombre.' }).int('La limite doit être un nombre entier.').min(1, 'La limite est d’au moins 1.').max(100, 'La limite est de 100 au plus.').optional(),
});

export const CHATROOM_KINDS = ['direct', 'group', 'support', 'activity', 'survey'] as const;
export type ChatroomKind = (typeof CHATROOM_KINDS)[number];

/** `POST chatrooms/{id}/manage/{x}`: what a company does with a pending conversation. */
export const CHATROOM_MANAGE_ACTIONS = ['accept', 'close', 'reassign'] as const;
export type ChatroomManageAction = (typeof CHATROOM_MANAGE_ACTIONS)[number];

const memberIds = z
  .array(recordIdSchema('Chaque membre est un identifiant d’agent.'), { error: 'Les membres sont une liste d’agents.' })
  .max(1000, 'Un salon compte au plus 1 000 membres à sa création.');

/** POST chatrooms: a conversation of the active company (the creator is a member). */
export const createChatroomBody = z
  .object({
    kind: z.enum(['direct', 'group', 'activity', 'survey'], { error: 'Le type de salon doit être direct, group, activity ou survey.' }),
    name: z.string().trim().min(1, 'Le nom ne peut pas être vide.').max(120, 'Le nom fait au plus 120 caractères.').optional(),
    /** Agents of the company. */
    agent_ids: memberIds.default([]),
    /** The monitor (activity) or participation (survey) the conversation is about. */
    subject_id: recordIdSchema('Le sujet est un identifiant.').optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.kind === 'activity' || v.kind === 'survey') && v.subject_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['subject_id'], message: 'Indiquez le sujet de la conversation (moniteur ou participation).' });
    }
    if (v.kind === 'direct' && v.agent_ids.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['agent_ids'], message: 'Une conversation directe se tient avec exactement un agent.' });
    }
  });
export type CreateChatroomBody = z.output<typeof createChatroomBody>;

export const addMembersBody = z.object({ agent_ids: memberIds.min(1, 'Indiquez au moins un agent.') });

const messageText = z.string({ error: 'Le message doit être un texte.' }).max(4000, 'Un message fait au plus 4 000 caractères.');
const clientKey = z
  .string({ error: 'La clé du message doit être un texte.' })
  .trim()
  .min(8, 'La clé du message fait au moins 8 caractères.')
  .max(64, 'La clé du message fait au plus 64 caractères.')
  .regex(/^[A-Za-z0-9_-]+$/, 'La clé du message ne contient que des lettres, chiffres, tirets et soulignés.');

/** POST chatrooms/{id}/messages: text and/or files already uploaded (POST medias with chatroom_id). */
export const sendMessageBody = z
  .object({
    body: messageText.default(''),
    attachments: z.array(recordId, { error: 'Les pièces jointes sont une liste de fichiers.' }).max(10, 'Dix pièces jointes au plus.').default([]),
    client_key: clientKey.optional(),
  })
  .refine((v) => v.body.trim().length > 0 || v.attachments.length > 0, { path: ['body'], message: 'Le message est vide.' });
export type SendMessageBody = z.output<typeof sendMessageBody>;

/** POST chatrooms/pending: someone asks a company to talk. */
export const pendingChatroomBody = z.object({
  company_id: recordIdSchema('Indiquez l’entreprise.'),
  body: messageText.trim().min(1, 'Écrivez votre message.'),
  client_key: clientKey.optional(),
});

export const manageChatroomBody = z.object({ agent_id: z.number({ error: 'Indiquez l’agent.' }).int().positive().optional() }).default({});

export const readMessagesBody = z.object({ message_id: recordIdSchema('Indiquez le dernier message lu.') });

export const messagesQuery = z.object({
  before: z.coerce.number({ error: 'Le curseur doit être un identifiant de message.' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'La limite doit être un nombre.' }).int().min(1, 'La limite est d’au moins 1.').max(100, 'La limite est de 100 au plus.').default(MESSAGES_PAGE_SIZE),
});

export interface MessageView {
  id: number;
  chatroom_id: number;
  user_id: number | null;
  sender_name: string;
  body: string;
  attachments: { id: number; mime: string; name: string | null; size: number; kind: string }[];
  client_key: string | null;
  created_at: string;
}

export const BROADCAST_TARGETS = ['everyone', 'group', 'site', 'audience', 'customers'] as const;
export type BroadcastTarget = (typeof BROADCAST_TARGETS)[number];

export const createBroadcastBody = z
  .object({
    title: z.string({ error: 'Le titre est obligatoire.' }).trim().min(1, 'Le titre est obligatoire.').max(160, 'Le titre fait au plus 160 caractères.'),
    body: z.string({ error: 'Le message est obligatoire.' }).trim().min(1, 'Le message est obligatoire.').max(10000, 'Le message fait au plus 10 000 caractères.'),
    media_id: recordId.optional(),
    target: z.enum(BROADCAST_TARGETS, { error: 'La cible doit être everyone, group, site, audience ou customers.' }),
    target_id: recordIdSchema('La cible est un identifiant.').optional(),
  })
  .refine((v) => !['group', 'site', 'audience'].includes(v.target) || v.target_id !== undefined, {
    path: ['target_id'],
    message: 'Indiquez le groupe, le site ou l’audience visé.',
  });
export type CreateBroadcastBody = z.output<typeof createBroadcastBody>;

/** Events a company's webhooks may subscribe to. */
export const WEBHOOK_EVENTS = ['participation.submitted', 'participation.validated', 'contribution.created', 'message.created', 'broadcast.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const httpsUrl = z
  .string({ error: 'L’adresse est obligatoire.' })
  .trim()
  .max(2000, 'L’adresse fait au plus 2 000 caractères.')
  .refine((v) => {
    try {
      // http only passes here for the server's test setting (WEBHOOK_ALLOW_INSECURE); the server refuses it otherwise.
      return ['https:', 'http:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'L’adresse doit commencer par https://.');

export const webhookEndpointBody = z.object({
  url: httpsUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Évènement inconnu : choisissez parmi ${WEBHOOK_EVENTS.join(', ')}.` }), { error: 'Choisissez au moins un évènement.' })
    .min(1, 'Choisissez au moins un évènement.'),
  description: z.string().trim().max(200, 'La description fait au plus 200 caractères.').optional(),
  active: z.boolean().optional(),
});
export const webhookEndpointUpdate = webhookEndpointBody.partial();

/** Header names of a webhook delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-webhook-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-webhook-delivery';

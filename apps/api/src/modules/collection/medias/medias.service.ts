import { chatroomUploadCompany, mediaSharedWith } from '../../messaging/chatrooms/chatroom-media';
import { checkMediaFile, mimeMatches, readQuestionSettings, recordIdOf } from '@app/contracts';
import { readSurveySettings } from '@app/contracts/surveys';
import { and, eq, type SQL } from 'drizzle-orm';
import { medias, questions } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { AppError, notFound, unauthorized, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { findSurveyForCaller, refusalError, surveyRefusal } from '../../surveys/surveys/survey-participation';
import { surveyAnsweringText } from '../../surveys/surveys/survey-answering.texts';
import { discardUpload, keepUpload, type StagedFile } from './media-storage';
import { sniffType } from './media-types';
import { participationText } from '../participations/participation.texts';
import { mediaText } from './medias.texts';

export type MediaRow = typeof medias.$inferSelect;

/** Files a company may keep outside answers (logos, documents): images, PDF, office files. */
const COMPANY_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf', 'text/csv', 'text/plain', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const MB = 1024 * 1024;
const COMPANY_MAX_BYTES = 20 * MB;
/** The largest file any question may allow (settings max_size_mb is capped at 100). */
export const HARD_MAX_BYTES = 100 * MB;
const MEDIA_QUESTION_TYPES = ['file', 'photo', 'signature'] as const;
type MediaQuestionType = (typeof MEDIA_QUESTION_TYPES)[number];

/**
 * The largest answer file for a question, the limit reading stops at: the question's
 * own `max_size_mb` when its settings give one; else its type's default (the one the
 * answer check applies too), and for a sender without a session no more than
 * `anonymousMaxBytes` (ANON_UPLOAD_MAX_MB).
 */
export function answerFileMaxBytes(question: { type: MediaQuestionType; settings: unknown }, anonymous: boolean, anonymousMaxBytes: number): number {
  const own = (question.settings as { max_size_mb?: unknown } | null)?.max_size_mb;
  if (typeof own === 'number' && own > 0) return Math.min(own * MB, HARD_MAX_BYTES);
  const typeDefault = Math.min(readQuestionSettings(question.type, question.settings).max_size_mb * MB, HARD_MAX_BYTES);
  return anonymous ? Math.min(typeDefault, anonymousMaxBytes) : typeDefault;
}

/** Where an upload goes and what it must be, decided from the fields sent before the file. */
export interface UploadTarget {
  /** Null for a message's file: only the room's members read it (chatroom-media.ts), not the whole company. */
  companyId: number | null;
  ownerUserId: number | null;
  uploadKey: string | null;
  maxBytes: number;
  check(file: { mime: string; size: number }): { status: 413 | 422; message: string } | null;
}

/**
 * An answer file (question_id given): the question's survey must accept answers now, a
 * session when it requires one, and anonymous senders give their participation's
 * client_uuid so that only they can attach and read the file. Anyone but the survey
 * company's agents also gives the survey's public code (survey_code).
 */
export async function prepareUpload(ctx: RequestContext, fields: Record<string, string>, limits: { anonymousMaxBytes: number }): Promise<UploadTarget> {
  if (fields.chatroom_id) {
    // A file for a message: any member of the room, checked like a company document.
    const { userId } = await chatroomUploadCompany(ctx, fields.chatroom_id);
    return {
      companyId: null,
      ownerUserId: userId,
      uploadKey: null,
      maxBytes: COMPANY_MAX_BYTES,
      check: (file) => (COMPANY_TYPES.some((t) => mimeMatches(file.mime, t)) ? null : { status: 422, message: mediaText(ctx.locale, 'typeRefused') }),
    };
  }
  if (!fields.question_id) {
    requirePermission(ctx, 'medias.create');
    const { actor, companyId } = requireCompany(ctx);
    return {
      companyId,
      ownerUserId: actor.userId,
      uploadKey: null,
      maxBytes: COMPANY_MAX_BYTES,
      check: (file) => (COMPANY_TYPES.some((t) => mimeMatches(file.mime, t)) ? null : { status: 422, message: mediaText(ctx.locale, 'typeRefused') }),
    };
  }
  const questionId = recordIdOf(fields.question_id?.trim());
  const [question] = questionId !== null
    ? await ctx.db.orm.select().from(questions).where(and(eq(questions.id, questionId), eq(questions.state, 'active')))
    : [];
  // The survey is named like for a participation (findSurveyForCaller): by survey_code,
  // or by the question alone for agents of its company. Question ids follow each other too.
  const survey = question?.survey_id ? await findSurveyForCaller(ctx, fields.survey_code?.trim() || question.survey_id) : null;
  if (!question || !survey || survey.id !== question.survey_id || survey.company_id === null) {
    throw validationFailed({ question_id: [participationText(ctx.locale, 'questionNotFound')] });
  }
  const type = question.type as MediaQuestionType;
  if (!MEDIA_QUESTION_TYPES.includes(type)) {
    throw validationFailed({ question_id: [participationText(ctx.locale, 'notAFileQuestion')] });
  }
  if (readSurveySettings(survey.settings).sign_in_required && !ctx.actor) {
    throw unauthorized(surveyAnsweringText(ctx.locale, 'signInRequired'), 'sign_in_required');
  }
  const refusal = surveyRefusal(survey, new Date());
  if (refusal) throw refusalError(refusal, ctx.locale);
  const key = fields.client_uuid?.trim() || null;
  if (key && !/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw validationFailed({ client_uuid: ['client_uuid : 8 à 100 lettres, chiffres, - ou _'] });
  if (!ctx.actor && !key) throw validationFailed({ client_uuid: [participationText(ctx.locale, 'keyMissing')] });
  return {
    companyId: survey.company_id,
    ownerUserId: ctx.actor?.userId ?? null,
    uploadKey: key,
    maxBytes: answerFileMaxBytes({ type, settings: question.settings }, !ctx.actor, limits.anonymousMaxBytes),
    check: (file) => checkMediaFile(question, file),
  };
}

function cleanName(name: string | undefined): string | null {
  const base = [...((name ?? '').split(/[\\/]/).pop() ?? '')].filter((ch) => ch.charCodeAt(0) >= 0x20).join('').trim();
  return base ? base.slice(0, 200) : null;
}

/** Checks a staged upload by its bytes, keeps it and records the media row. */
export async function saveUpload(ctx: RequestContext, dataDir: string, target: UploadTarget, staged: StagedFile, filename?: string) {
  const type = sniffType(staged.head, filename);
  const problem = type
    ? target.check({ mime: type.mime, size: staged.size })
    : { status: 422 as const, message: "Ce type de fichier n'est pas reconnu." };
  if (problem || !type) {
    await discardUpload(staged);
    throw new AppError(problem!.status, problem!.status === 413 ? 'payload_too_large' : 'unsupported_media', problem!.message, { file: [problem!.message] });
  }
  const relative = await keepUpload(dataDir, staged, type.ext);
  const [row] = await ctx.db.orm
    .insert(medias)
    .values({
      company_id: target.companyId,
      owner_user_id: target.ownerUserId,
      kind: type.mime.startsWith('image/') ? 'image' : 'file',
      path: relative,
      mime: type.mime,
      size: staged.size,
      checksum: staged.checksum,
      original_name: cleanName(filename),
      upload_key: target.uploadKey,
    })
    .returning();
  return mediaView(row);
}

/** A media as the API shows it: never its path, upload key or uploader (medias.query.ts). */
export function mediaView(row: MediaRow) {
  return {
    id: row.id,
    company_id: row.company_id,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    checksum: row.checksum,
    original_name: row.original_name,
    url: `medias/${row.id}/content`,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A media the caller may read: members of its company (medias.show), its uploader, or
 * whoever holds the client_uuid it was uploaded under. Anyone else gets a 404 (401 with
 * neither a session nor a key).
 */
export async function findReadableMedia(ctx: RequestContext, id: number, key?: string): Promise<MediaRow> {
  return readable(ctx, eq(medias.id, id), key);
}

/** The same, by the file's relative path (`files/answers/...`), for downloads by path. */
export async function findReadableMediaByPath(ctx: RequestContext, mediaPath: string, key?: string): Promise<MediaRow> {
  return readable(ctx, eq(medias.path, mediaPath), key);
}

async function readable(ctx: RequestContext, which: SQL, key?: string): Promise<MediaRow> {
  // Without a session the only credential is the upload key.
  if (!ctx.actor && !key) throw unauthorized();
  const [row] = await ctx.db.orm.select().from(medias).where(which);
  if (!row) throw notFound();
  const actor = ctx.actor;
  const member = actor && (actor.type === 'admin' || (row.company_id !== null && actor.companyId === row.company_id && hasPermission(actor, 'medias.show')));
  const uploader = actor !== null && row.owner_user_id === actor.userId;
  const holder = Boolean(key) && row.upload_key === key;
  if (!member && !uploader && !holder && !(actor && (await mediaSharedWith(ctx.db, row.id, actor.userId)))) throw notFound();
  return row;
}

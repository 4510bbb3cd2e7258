import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { resolveVisibleQuestions } from '@app/contracts';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { forbidden, notFound } from '../../../http/errors';
import { requireActor, requireCompany, seesAllCompanies } from '../../tenancy/companies/tenancy';
import { detectImageType } from '../../identity/profile/photo.service';
import { fromAnswerColumns } from '../answers/answer-columns';
import { displayAnswer } from '../answers/answer-display';
import { mediaLink, storageOf } from './answer-cells';
import type { ExportQuestion } from './export-columns';
import { type ExportWords, exportWords } from './export.texts';
import { safeFilePart } from './export-filename';
import { targetText } from './export-rows';
import { loadExportQuestions } from './export-survey.repository';
import { DEFAULT_EXPORT_TIME_ZONE } from './export-time';
import { type ParticipationPdfModel, type PdfAnswerItem, renderParticipationPdf } from './participation-pdf.document';
import { findPdfParticipation, loadStepTitles, loadStoredAnswers, type PdfParticipation, type StoredAnswer } from './participation-pdf.repository';
import { participationText } from '../participations/participation.texts';
import { participationPdfText } from './participation-pdf.texts';

const MAX_EMBEDDED_IMAGE_BYTES = 10 * 1024 * 1024;

/** The bytes of an uploaded JPEG or PNG (what PDFs embed), or null. */
async function readEmbeddableImage(dataDir: string, mediaPath: string | null): Promise<Buffer | null> {
  if (!mediaPath) return null;
  const root = path.resolve(dataDir, 'uploads');
  const file = path.resolve(root, mediaPath);
  if (!file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || info.size > MAX_EMBEDDED_IMAGE_BYTES) return null;
  const bytes = await readFile(file);
  const type = detectImageType(bytes);
  return type === 'png' || type === 'jpg' ? bytes : null;
}

/** Where the PDF's files are read from and where its links point. */
export interface PdfFiles {
  /** DATA_DIR: uploaded files live under DATA_DIR/uploads. */
  dataDir: string;
  /** The server's address as the reader reached it, for links to the answers' files. */
  origin: string;
}

async function answerItem(question: ExportQuestion, answer: StoredAnswer | undefined, files: PdfFiles, locale: string): Promise<PdfAnswerItem> {
  const value = answer ? fromAnswerColumns(question.type, answer) : null;
  if (!answer || value === null) return { label: question.label, text: null };
  if (storageOf(question.type) !== 'media') {
    const choices = [...question.choices].map(([id, label]) => ({ id, label }));
    return { label: question.label, text: displayAnswer({ type: question.type, settings: question.settings, choices }, value, undefined, locale) || null };
  }
  if (!answer.media_path || answer.media_id === null) return { label: question.label, text: null };
  const name = answer.media_name ?? answer.media_path.slice(answer.media_path.lastIndexOf('/') + 1);
  const image = answer.media_mime?.startsWith('image/') ? await readEmbeddableImage(files.dataDir, answer.media_path) : null;
  return { label: question.label, text: name, link: mediaLink(files.origin, answer.media_id), ...(image && { image }) };
}

/** A date and time in the reader's language, on the wall clock of the zone. */
function dateTimeIn(locale: string, timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat(locale, { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (ms) => format.format(new Date(ms));
}

function detailsOf(p: PdfParticipation, words: ExportWords, dateTime: (ms: number) => string): Array<[string, string]> {
  const label = (text: string) => participationPdfText(words.locale, 'detailLabel', { label: text });
  const details: Array<[string, string]> = [[label(words.text('colStatus')), words.status(p.status)]];
  // An anonymous survey hides who answered, even from the company (DOMAIN.md).
  details.push([label(words.text('colRespondent')), (!p.anonymous && p.respondent) || participationPdfText(words.locale, 'anonymous')]);
  if (p.phone && !p.anonymous) details.push([label(words.text('colPhone')), p.phone]);
  if (p.email && !p.anonymous) details.push([label(words.text('colEmail')), p.email]);
  if (p.submitted_ms !== null) details.push([label(words.text('colSubmittedAt')), dateTime(p.submitted_ms)]);
  else details.push([label(participationPdfText(words.locale, 'startedAt')), dateTime(p.started_ms)]);
  const target = targetText(p, words);
  if (target) details.push([label(words.text('colTarget')), target]);
  if (p.score !== null) details.push([label(words.text('colScore')), new Intl.NumberFormat(words.locale, { maximumFractionDigits: 2 }).format(p.score)]);
  // Coordinates keep the dot: "4,05, 9,7" would read as four numbers.
  if (p.latitude !== null && p.longitude !== null) details.push([label(participationPdfText(words.locale, 'position')), `${p.latitude}, ${p.longitude}`]);
  return details;
}

/**
 * `participations/{id}/export`: the PDF of one participation — company, survey,
 * respondent, date, then every question shown to the respondent (display conditions
 * applied) with its answer, photos embedded. Its own words, dates and numbers are in the
 * requester's language (`ctx.locale`); the survey's texts stay as their author wrote them.
 */
export async function exportParticipationPdf(
  ctx: RequestContext,
  participationId: number,
  files: PdfFiles,
  timeZone?: string,
): Promise<{ filename: string; stream: PassThrough }> {
  const actor = requireActor(ctx);
  if (!hasPermission(actor, 'participations.export')) throw forbidden();
  const companyId = seesAllCompanies(actor) ? null : requireCompany(ctx).companyId;
  const participation = await findPdfParticipation(ctx.db, participationId, companyId);
  if (!participation) throw notFound(participationText(ctx.locale, 'participationNotFound'));

  const [questions, stored, stepTitles] = await Promise.all([
    loadExportQuestions(ctx.db, participation.survey_id),
    loadStoredAnswers(ctx.db, participation.id),
    loadStepTitles(ctx.db, participation.survey_id),
  ]);
  const words = exportWords(ctx.locale);
  const text = (key: Parameters<typeof participationPdfText>[1], values?: Record<string, string | number>) => participationPdfText(words.locale, key, values);
  const byQuestion = new Map(stored.map((a) => [a.question_id, a]));
  const typeOf = new Map(questions.map((q) => [q.id, q.type]));
  const canonical = new Map(stored.map((a) => [a.question_id, fromAnswerColumns(typeOf.get(a.question_id) ?? 'short_text', a)]));
  const visible = resolveVisibleQuestions(questions, canonical);

  const sections: ParticipationPdfModel['sections'] = [];
  for (const question of questions) {
    // Hidden by a condition, or no longer asked and never answered: not part of this participation.
    if (!visible.has(question.id) || (!question.active && !byQuestion.has(question.id))) continue;
    const title = stepTitles.get(question.id) ?? null;
    if (sections.length === 0 || sections[sections.length - 1].title !== title) sections.push({ title, items: [] });
    sections[sections.length - 1].items.push(await answerItem(question, byQuestion.get(question.id), files, words.locale));
  }
  const dateTime = dateTimeIn(words.locale, timeZone ?? DEFAULT_EXPORT_TIME_ZONE);
  const generated = text('generatedAt', { date: dateTime(Date.now()) });
  const number = participation.number;
  const stream = new PassThrough();
  renderParticipationPdf(
    {
      companyName: participation.company_name,
      surveyTitle: participation.survey_title,
      heading: text('heading', { number }),
      documentTitle: text('documentTitle', { survey: participation.survey_title, number }),
      details: detailsOf(participation, words, dateTime),
      sections,
      noAnswer: text('noAnswer'),
      unreadableImage: text('unreadableImage'),
      footer: (page, count) => text('footer', { generated, page, count }),
    },
    stream,
  );
  return { filename: `participation-${participation.number}-${safeFilePart(participation.survey_code)}.pdf`, stream };
}

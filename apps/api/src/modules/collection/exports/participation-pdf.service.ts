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
import { FRENCH_EXPORT_WORDS } from './export.texts';
import { safeFilePart } from './export-filename';
import { targetText } from './export-rows';
import { loadExportQuestions } from './export-survey.repository';
import { formatWallDateTime, WallClock } from './export-time';
import { type ParticipationPdfModel, type PdfAnswerItem, renderParticipationPdf } from './participation-pdf.document';
import { findPdfParticipation, loadStepTitles, loadStoredAnswers, type PdfParticipation, type StoredAnswer } from './participation-pdf.repository';
import { participationText } from '../participations/participation.texts';

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

async function answerItem(question: ExportQuestion, answer: StoredAnswer | undefined, files: PdfFiles): Promise<PdfAnswerItem> {
  const value = answer ? fromAnswerColumns(question.type, answer) : null;
  if (!answer || value === null) return { label: question.label, text: null };
  if (storageOf(question.type) !== 'media') {
    const choices = [...question.choices].map(([id, label]) => ({ id, label }));
    return { label: question.label, text: displayAnswer({ type: question.type, settings: question.settings, choices }, value) || null };
  }
  if (!answer.media_path || answer.media_id === null) return { label: question.label, text: null };
  const name = answer.media_name ?? answer.media_path.slice(answer.media_path.lastIndexOf('/') + 1);
  const image = answer.media_mime?.startsWith('image/') ? await readEmbeddableImage(files.dataDir, answer.media_path) : null;
  return { label: question.label, text: name, link: mediaLink(files.origin, answer.media_id), ...(image && { image }) };
}

function detailsOf(p: PdfParticipation, clock: WallClock): Array<[string, string]> {
  const details: Array<[string, string]> = [['Statut', FRENCH_EXPORT_WORDS.status(p.status)]];
  // An anonymous survey hides who answered, even from the company (DOMAIN.md).
  details.push(['Répondant', (!p.anonymous && p.respondent) || 'Anonyme']);
  if (p.phone && !p.anonymous) details.push(['Téléphone', p.phone]);
  if (p.email && !p.anonymous) details.push(['E-mail', p.email]);
  if (p.submitted_ms !== null) details.push(['Date de soumission', formatWallDateTime(clock.toWallDate(p.submitted_ms))]);
  else details.push(['Commencée le', formatWallDateTime(clock.toWallDate(p.started_ms))]);
  const target = targetText(p);
  if (target) details.push(['Cible', target]);
  if (p.score !== null) details.push(['Score', String(p.score).replace('.', ',')]);
  if (p.latitude !== null && p.longitude !== null) details.push(['Position', `${p.latitude}, ${p.longitude}`]);
  return details;
}

/**
 * `participations/{id}/export`: the PDF of one participation — company, survey,
 * respondent, date, then every question shown to the respondent (display conditions
 * applied) with its answer, photos embedded.
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
    sections[sections.length - 1].items.push(await answerItem(question, byQuestion.get(question.id), files));
  }
  const clock = new WallClock(timeZone);
  const stream = new PassThrough();
  renderParticipationPdf(
    {
      companyName: participation.company_name,
      surveyTitle: participation.survey_title,
      participationId: participation.number,
      details: detailsOf(participation, clock),
      sections,
      generatedAt: `Document généré le ${formatWallDateTime(clock.toWallDate(Date.now())).replace(' ', ' à ')}`,
    },
    stream,
  );
  return { filename: `participation-${participation.number}-${safeFilePart(participation.survey_code)}.pdf`, stream };
}

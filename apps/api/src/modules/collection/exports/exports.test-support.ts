import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { medias } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import type { TestApp } from '../../../test/test-app';
import { createSurveyFixture, type SurveyFixture } from '../participations/participations.test-support';
import { submitParticipation } from '../participations/submission.service';
import type { SubmitParticipationInput } from '../participations/participations.schemas';

/** A survey with one question of most types, the way exports meet them. */
export async function createExportSurvey(t: TestApp, companyId: number, title = 'Satisfaction client'): Promise<SurveyFixture> {
  return createSurveyFixture(t, {
    companyId,
    title,
    steps: 2,
    questions: [
      { key: 'name', type: 'short_text', label: 'Votre nom' },
      { key: 'comment', type: 'long_text', label: 'Commentaire ; remarques' },
      { key: 'age', type: 'number', label: 'Âge' },
      { key: 'visit', type: 'date', label: 'Date de la visite' },
      { key: 'hour', type: 'time', label: 'Heure de passage' },
      { key: 'shop', type: 'single_choice', label: 'Agence', choices: [{ label: 'Akwa' }, { label: 'Bonanjo' }, { label: 'Bastos' }] },
      { key: 'channels', type: 'multiple_choice', label: 'Canaux utilisés', choices: [{ label: 'Agence' }, { label: 'Téléphone' }, { label: 'WhatsApp' }] },
      { key: 'again', type: 'yes_no', label: 'Reviendriez-vous ?' },
      { key: 'why', type: 'short_text', label: 'Pourquoi pas ?', condition: { all: [{ question_key: 'again', operator: 'eq', value: false }] } },
      { key: 'stars', type: 'rating', label: 'Note globale', step: 1 },
      { key: 'nps', type: 'scale', label: 'Recommandation', step: 1 },
      { key: 'rank', type: 'ranking', label: 'Priorités', step: 1, choices: [{ label: 'Prix' }, { label: 'Accueil' }] },
      {
        key: 'grid',
        type: 'matrix',
        label: 'Évaluation',
        step: 1,
        settings: { rows: [{ id: 'r1', label: 'Accueil' }, { id: 'r2', label: 'Propreté' }], columns: [{ id: 'c1', label: 'Bien' }, { id: 'c2', label: 'Mal' }] },
      },
      { key: 'where', type: 'geolocation', label: 'Position', step: 1 },
      { key: 'photo', type: 'photo', label: 'Photo du comptoir', step: 1 },
    ],
  });
}

/** An anonymous visitor's context (participations are answered without signing in). */
export function anonymousContext(t: TestApp): RequestContext {
  return { db: t.db, events: t.app.events, actor: null, locale: 'fr' };
}

/** Submits through the participations module's rules; returns the participation id. */
export async function submit(t: TestApp, survey: SurveyFixture, answers: Record<string, unknown>, extra: Partial<SubmitParticipationInput> = {}) {
  const result = await submitParticipation(anonymousContext(t), {
    survey_code: survey.code,
    client_uuid: randomUUID(),
    answers: Object.entries(answers).map(([key, value]) => ({ question_id: survey.q[key], value })),
    ...extra,
  });
  return result.participation.id as number;
}

/** A valid 2×2 RGB PNG, built by hand (signature, IHDR, IDAT, IEND). */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo uploaded for a participation key: the file under DATA_DIR/uploads and its media row. */
export async function uploadPhoto(t: TestApp, dataDir: string, companyId: number, uploadKey: string): Promise<number> {
  const bytes = tinyPng();
  const relative = `images/surveys/${randomUUID()}.png`;
  const file = path.join(dataDir, 'uploads', relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  const [row] = await t.db.orm
    .insert(medias)
    .values({ company_id: companyId, kind: 'image', path: relative, mime: 'image/png', size: bytes.length, checksum: 'test', original_name: 'comptoir.png', upload_key: uploadKey })
    .returning({ id: medias.id });
  return row.id;
}

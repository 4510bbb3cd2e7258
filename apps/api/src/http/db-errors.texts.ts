import { type MessageTexts, textsReader } from '../delivery/message-texts';

/**
 * The messages of the database's refusals (`db-errors.ts`), in the request's language.
 * French is the source; `db-errors.texts.unit.test.ts` checks the others.
 */
const fr = {
  invalidValue: 'Une valeur envoyée est invalide ou hors des limites acceptées.',
  duplicate: 'Un enregistrement avec ces valeurs existe déjà.',
  stillReferenced: "Cet enregistrement est lié à d'autres données : modifiez ou supprimez-les d'abord.",
};
export type DbErrorText = keyof typeof fr;

const en: Record<DbErrorText, string> = {
  invalidValue: 'A value sent is invalid or outside the accepted limits.',
  duplicate: 'A record with these values already exists.',
  stillReferenced: 'This record is linked to other data: change or delete them first.',
};

const de: Record<DbErrorText, string> = {
  invalidValue: 'Ein gesendeter Wert ist ungültig oder liegt außerhalb der zulässigen Grenzen.',
  duplicate: 'Ein Datensatz mit diesen Werten existiert bereits.',
  stillReferenced: 'Dieser Datensatz ist mit anderen Daten verknüpft: Ändern oder löschen Sie diese zuerst.',
};

const es: Record<DbErrorText, string> = {
  invalidValue: 'Un valor enviado no es válido o está fuera de los límites aceptados.',
  duplicate: 'Ya existe un registro con estos valores.',
  stillReferenced: 'Este registro está vinculado a otros datos: modifíquelos o elimínelos primero.',
};

const zhCN: Record<DbErrorText, string> = {
  invalidValue: '提交的某个值无效或超出允许范围。',
  duplicate: '已存在具有相同值的记录。',
  stillReferenced: '此记录与其他数据相关联：请先修改或删除这些数据。',
};

export const DB_ERROR_TEXTS: MessageTexts<DbErrorText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
export const dbErrorText = textsReader(DB_ERROR_TEXTS);

import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * What adding a photo to an article answers, in the caller's language (`ctx.locale`).
 * French is the source; `article-photos.texts.unit.test.ts` checks the others.
 */
const fr = {
  photoMissing: 'Joignez une photo (multipart/form-data, champ file).',
  tooManyPhotos: 'Six photos au plus par article : retirez-en une d’abord.',
  photoType: 'Une photo d’article est une image PNG, JPEG ou WebP.',
  photoAdded: 'Photo ajoutée.',
};
export type ArticlePhotoText = keyof typeof fr;

const en: Record<ArticlePhotoText, string> = {
  photoMissing: 'Attach a photo (multipart/form-data, field file).',
  tooManyPhotos: 'Six photos at most per item: remove one first.',
  photoType: 'An item photo is a PNG, JPEG or WebP image.',
  photoAdded: 'Photo added.',
};
const de: Record<ArticlePhotoText, string> = {
  photoMissing: 'Fügen Sie ein Foto bei (multipart/form-data, Feld file).',
  tooManyPhotos: 'Höchstens sechs Fotos pro Artikel: Entfernen Sie zuerst eines.',
  photoType: 'Ein Artikelfoto ist ein PNG-, JPEG- oder WebP-Bild.',
  photoAdded: 'Foto hinzugefügt.',
};
const es: Record<ArticlePhotoText, string> = {
  photoMissing: 'Adjunte una foto (multipart/form-data, campo file).',
  tooManyPhotos: 'Seis fotos como máximo por artículo: quite una primero.',
  photoType: 'La foto de un artículo es una imagen PNG, JPEG o WebP.',
  photoAdded: 'Foto añadida.',
};
const esMX: Record<ArticlePhotoText, string> = {
  ...es,
  photoMissing: 'Adjunta una foto (multipart/form-data, campo file).',
  tooManyPhotos: 'Seis fotos como máximo por artículo: quita una primero.',
  photoAdded: 'Foto agregada.',
};
const zhCN: Record<ArticlePhotoText, string> = {
  photoMissing: '请附上一张照片（multipart/form-data，字段 file）。',
  tooManyPhotos: '每个商品最多六张照片：请先移除一张。',
  photoType: '商品照片须为 PNG、JPEG 或 WebP 图片。',
  photoAdded: '照片已添加。',
};

export const ARTICLE_PHOTO_TEXTS: MessageTexts<ArticlePhotoText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const articlePhotoText = textsReader(ARTICLE_PHOTO_TEXTS);

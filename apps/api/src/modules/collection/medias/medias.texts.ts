import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * What a file's sender reads (uploads in one request or in pieces, their limits), in the
 * caller's language (`ctx.locale`). French is the source; `medias.texts.unit.test.ts`
 * checks the other languages. Zod's messages of the routes' schemas are not here.
 */
const fr = {
  multipartRequired: 'Joignez un fichier (multipart/form-data).',
  fileMissing: 'Joignez un fichier (les champs question_id, survey_code et client_uuid avant le fichier).',
  tooLarge: 'Le fichier est trop volumineux.',
  overMaxSize: 'Le fichier dépasse la taille maximale de {{size}}.',
  sizeKb: '{{n}} Ko',
  sizeMb: '{{n}} Mo',
  typeRefused: "Ce type de fichier n'est pas accepté.",
  fileSaved: 'Fichier enregistré.',
  uploadOpened: 'Envoi ouvert.',
  pieceContentType: 'Envoyez le morceau en {{type}}.',
  offsetMismatch: 'Le serveur a reçu {{received}} octets : reprenez à partir de là.',
  completing: 'Ce fichier est en cours d’enregistrement : redemandez son état dans un instant.',
  sizeMismatch: 'Le fichier reçu n’a pas la taille annoncée.',
  tooManyOpen: 'Trop d’envois de fichiers en cours ({{max}} au plus) : terminez-les ou attendez.',
  tooManyOpenFromAddress: 'Trop d’envois de fichiers en cours depuis cette adresse ({{max}} au plus) : terminez-les ou attendez.',
  budgetSpent:
    'Trop de fichiers envoyés sans connexion depuis cette adresse : {{mb}} Mo au plus par 24 heures. Réessayez plus tard ou connectez-vous.',
};
export type MediaText = keyof typeof fr;

const en: Record<MediaText, string> = {
  multipartRequired: 'Attach a file (multipart/form-data).',
  fileMissing: 'Attach a file (the question_id, survey_code and client_uuid fields before the file).',
  tooLarge: 'The file is too large.',
  overMaxSize: 'The file exceeds the maximum size of {{size}}.',
  sizeKb: '{{n}} KB',
  sizeMb: '{{n}} MB',
  typeRefused: 'This type of file is not accepted.',
  fileSaved: 'File saved.',
  uploadOpened: 'Upload opened.',
  pieceContentType: 'Send the piece as {{type}}.',
  offsetMismatch: 'The server received {{received}} bytes: resume from there.',
  completing: 'This file is being saved: ask for its state again in a moment.',
  sizeMismatch: 'The file received does not have the announced size.',
  tooManyOpen: 'Too many file uploads in progress ({{max}} at most): finish them or wait.',
  tooManyOpenFromAddress: 'Too many file uploads in progress from this address ({{max}} at most): finish them or wait.',
  budgetSpent: 'Too many files sent without signing in from this address: {{mb}} MB at most per 24 hours. Try again later or sign in.',
};
const de: Record<MediaText, string> = {
  multipartRequired: 'Hängen Sie eine Datei an (multipart/form-data).',
  fileMissing: 'Hängen Sie eine Datei an (die Felder question_id, survey_code und client_uuid vor der Datei).',
  tooLarge: 'Die Datei ist zu groß.',
  overMaxSize: 'Die Datei überschreitet die maximale Größe von {{size}}.',
  sizeKb: '{{n}} KB',
  sizeMb: '{{n}} MB',
  typeRefused: 'Dieser Dateityp wird nicht akzeptiert.',
  fileSaved: 'Datei gespeichert.',
  uploadOpened: 'Upload eröffnet.',
  pieceContentType: 'Senden Sie das Teilstück als {{type}}.',
  offsetMismatch: 'Der Server hat {{received}} Bytes erhalten: Setzen Sie dort fort.',
  completing: 'Diese Datei wird gerade gespeichert: Fragen Sie ihren Stand gleich noch einmal ab.',
  sizeMismatch: 'Die empfangene Datei hat nicht die angekündigte Größe.',
  tooManyOpen: 'Zu viele laufende Datei-Uploads (höchstens {{max}}): Schließen Sie sie ab oder warten Sie.',
  tooManyOpenFromAddress: 'Zu viele laufende Datei-Uploads von dieser Adresse (höchstens {{max}}): Schließen Sie sie ab oder warten Sie.',
  budgetSpent:
    'Zu viele Dateien ohne Anmeldung von dieser Adresse gesendet: höchstens {{mb}} MB pro 24 Stunden. Versuchen Sie es später erneut oder melden Sie sich an.',
};
const es: Record<MediaText, string> = {
  multipartRequired: 'Adjunte un archivo (multipart/form-data).',
  fileMissing: 'Adjunte un archivo (los campos question_id, survey_code y client_uuid antes del archivo).',
  tooLarge: 'El archivo es demasiado grande.',
  overMaxSize: 'El archivo supera el tamaño máximo de {{size}}.',
  sizeKb: '{{n}} KB',
  sizeMb: '{{n}} MB',
  typeRefused: 'Este tipo de archivo no se acepta.',
  fileSaved: 'Archivo guardado.',
  uploadOpened: 'Envío abierto.',
  pieceContentType: 'Envíe el fragmento como {{type}}.',
  offsetMismatch: 'El servidor recibió {{received}} bytes: reanude a partir de ahí.',
  completing: 'Este archivo se está guardando: vuelva a consultar su estado en un momento.',
  sizeMismatch: 'El archivo recibido no tiene el tamaño anunciado.',
  tooManyOpen: 'Demasiados envíos de archivos en curso ({{max}} como máximo): termínelos o espere.',
  tooManyOpenFromAddress: 'Demasiados envíos de archivos en curso desde esta dirección ({{max}} como máximo): termínelos o espere.',
  budgetSpent:
    'Demasiados archivos enviados sin sesión desde esta dirección: {{mb}} MB como máximo cada 24 horas. Vuelva a intentarlo más tarde o inicie sesión.',
};
const esMX: Record<MediaText, string> = {
  ...es,
  multipartRequired: 'Adjunta un archivo (multipart/form-data).',
  fileMissing: 'Adjunta un archivo (los campos question_id, survey_code y client_uuid antes del archivo).',
  pieceContentType: 'Envía el fragmento como {{type}}.',
  offsetMismatch: 'El servidor recibió {{received}} bytes: reanuda a partir de ahí.',
  completing: 'Este archivo se está guardando: vuelve a consultar su estado en un momento.',
  tooManyOpen: 'Demasiados envíos de archivos en curso ({{max}} como máximo): termínalos o espera.',
  tooManyOpenFromAddress: 'Demasiados envíos de archivos en curso desde esta dirección ({{max}} como máximo): termínalos o espera.',
  budgetSpent:
    'Demasiados archivos enviados sin sesión desde esta dirección: {{mb}} MB como máximo cada 24 horas. Vuelve a intentarlo más tarde o inicia sesión.',
};
const zhCN: Record<MediaText, string> = {
  multipartRequired: '请附上文件（multipart/form-data）。',
  fileMissing: '请附上文件（question_id、survey_code 和 client_uuid 字段需在文件之前）。',
  tooLarge: '文件过大。',
  overMaxSize: '文件超过最大大小 {{size}}。',
  sizeKb: '{{n}} KB',
  sizeMb: '{{n}} MB',
  typeRefused: '不接受此类型的文件。',
  fileSaved: '文件已保存。',
  uploadOpened: '上传已开始。',
  pieceContentType: '请以 {{type}} 发送分片。',
  offsetMismatch: '服务器已收到 {{received}} 字节：请从该处继续。',
  completing: '该文件正在保存：请稍后再查询其状态。',
  sizeMismatch: '收到的文件大小与声明的不一致。',
  tooManyOpen: '进行中的文件上传过多（最多 {{max}} 个）：请先完成或稍候。',
  tooManyOpenFromAddress: '来自该地址的进行中文件上传过多（最多 {{max}} 个）：请先完成或稍候。',
  budgetSpent: '该地址未登录发送的文件过多：每 24 小时最多 {{mb}} MB。请稍后再试或登录。',
};

export const MEDIA_TEXTS: MessageTexts<MediaText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const mediaText = textsReader(MEDIA_TEXTS);

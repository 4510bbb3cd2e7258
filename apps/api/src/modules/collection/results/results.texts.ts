import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Refusals of the results' filter (from, to, status) and of the answers' paging, in the
 * caller's language (`ctx.locale`). French is the source; `results.texts.unit.test.ts` checks the others.
 */
const fr = {
  dateFormat: 'Date attendue au format AAAA-MM-JJ ou ISO 8601.',
  unknownStatus: 'Statut inconnu ({{statuses}}).',
  pageNumber: 'La page est un nombre entier à partir de 1.',
  pageSizes: 'Nombre de réponses par page : {{sizes}}.',
  searchText: 'La recherche est un texte.',
  searchTooLong: 'La recherche fait au plus {{max}} caractères.',
};
type ResultsText = keyof typeof fr;

const en: Record<ResultsText, string> = {
  dateFormat: 'Date expected as YYYY-MM-DD or ISO 8601.',
  unknownStatus: 'Unknown status ({{statuses}}).',
  pageNumber: 'The page is a whole number from 1.',
  pageSizes: 'Answers per page: {{sizes}}.',
  searchText: 'The search is a text.',
  searchTooLong: 'The search has {{max}} characters at most.',
};
const de: Record<ResultsText, string> = {
  dateFormat: 'Datum im Format JJJJ-MM-TT oder ISO 8601 erwartet.',
  unknownStatus: 'Unbekannter Status ({{statuses}}).',
  pageNumber: 'Die Seite ist eine ganze Zahl ab 1.',
  pageSizes: 'Antworten pro Seite: {{sizes}}.',
  searchText: 'Die Suche ist ein Text.',
  searchTooLong: 'Die Suche hat höchstens {{max}} Zeichen.',
};
const es: Record<ResultsText, string> = {
  dateFormat: 'Se espera una fecha en formato AAAA-MM-DD o ISO 8601.',
  unknownStatus: 'Estado desconocido ({{statuses}}).',
  pageNumber: 'La página es un número entero a partir de 1.',
  pageSizes: 'Respuestas por página: {{sizes}}.',
  searchText: 'La búsqueda es un texto.',
  searchTooLong: 'La búsqueda tiene {{max}} caracteres como máximo.',
};
const zhCN: Record<ResultsText, string> = {
  dateFormat: '日期格式应为 YYYY-MM-DD 或 ISO 8601。',
  unknownStatus: '未知的状态（{{statuses}}）。',
  pageNumber: '页码须为从 1 开始的整数。',
  pageSizes: '每页回答数：{{sizes}}。',
  searchText: '搜索内容须为文本。',
  searchTooLong: '搜索最多 {{max}} 个字符。',
};

export const RESULTS_TEXTS: MessageTexts<ResultsText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
export const resultsText = textsReader(RESULTS_TEXTS);

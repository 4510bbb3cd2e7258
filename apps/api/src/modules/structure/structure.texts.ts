import { type MessageTexts, textsReader } from '../../delivery/message-texts';

/**
 * Errors of the company's structure (sites, their agents and towns), in the caller's
 * language (`ctx.locale`). French is the source; `structure.texts.unit.test.ts` checks
 * the other languages with `translationProblems`.
 */
const fr = {
  agentNotInCompany: "Cet agent n'appartient pas à votre entreprise.",
  zoneNotFound: "Cette zone n'existe pas.",
  chooseTown: 'Choisissez une ville.',
  siteCodeTaken: 'Ce code est déjà utilisé par un autre site de votre entreprise.',
  latitudeWithLongitude: 'La latitude et la longitude vont ensemble',
};
export type StructureText = keyof typeof fr;

const en: Record<StructureText, string> = {
  agentNotInCompany: 'This agent does not belong to your company.',
  zoneNotFound: 'This zone does not exist.',
  chooseTown: 'Choose a town.',
  siteCodeTaken: 'This code is already used by another site of your company.',
  latitudeWithLongitude: 'Latitude and longitude go together',
};
const de: Record<StructureText, string> = {
  agentNotInCompany: 'Dieser Agent gehört nicht zu Ihrem Unternehmen.',
  zoneNotFound: 'Diese Zone existiert nicht.',
  chooseTown: 'Wählen Sie eine Stadt.',
  siteCodeTaken: 'Dieser Code wird bereits von einem anderen Standort Ihres Unternehmens verwendet.',
  latitudeWithLongitude: 'Breiten- und Längengrad gehören zusammen',
};
const es: Record<StructureText, string> = {
  agentNotInCompany: 'Este agente no pertenece a su empresa.',
  zoneNotFound: 'Esta zona no existe.',
  chooseTown: 'Elija una ciudad.',
  siteCodeTaken: 'Este código ya lo usa otro sitio de su empresa.',
  latitudeWithLongitude: 'La latitud y la longitud van juntas',
};
const esMX: Record<StructureText, string> = {
  ...es,
  agentNotInCompany: 'Este agente no pertenece a tu empresa.',
  chooseTown: 'Elige una ciudad.',
  siteCodeTaken: 'Este código ya lo usa otro sitio de tu empresa.',
};
const zhCN: Record<StructureText, string> = {
  agentNotInCompany: '该调查员不属于贵公司。',
  zoneNotFound: '该区域不存在。',
  chooseTown: '请选择一个城市。',
  siteCodeTaken: '贵公司的另一个站点已使用此代码。',
  latitudeWithLongitude: '纬度和经度必须同时提供',
};

export const STRUCTURE_TEXTS: MessageTexts<StructureText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const structureText = textsReader(STRUCTURE_TEXTS);

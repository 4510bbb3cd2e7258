import type { AudienceRuleProblem } from '@app/contracts/structure';
import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Why an audience's rule is refused (`checkAudienceRule`'s problem codes) and the names of
 * its criteria, in the caller's language. French is the source;
 * `audience-rules.texts.unit.test.ts` checks the others.
 */
const fr = {
  notForPopulation: 'Le critère « {{field}} » ne s’applique pas à cette population.',
  wantsTexts: 'Le critère « {{field}} » attend des textes.',
  wantsIds: 'Le critère « {{field}} » attend des identifiants.',
  zone: 'Zone',
  site: 'Site',
  group: 'Groupe',
  role: 'Rôle',
  answered_survey: 'A répondu à l’enquête',
  status: 'Statut',
  organisation: 'Organisation',
};
type AudienceRuleText = keyof typeof fr;

const en: Record<AudienceRuleText, string> = {
  notForPopulation: 'The criterion “{{field}}” does not apply to this population.',
  wantsTexts: 'The criterion “{{field}}” expects texts.',
  wantsIds: 'The criterion “{{field}}” expects identifiers.',
  zone: 'Zone',
  site: 'Site',
  group: 'Group',
  role: 'Role',
  answered_survey: 'Answered the survey',
  status: 'Status',
  organisation: 'Organisation',
};
const de: Record<AudienceRuleText, string> = {
  notForPopulation: 'Das Kriterium „{{field}}“ gilt nicht für diese Population.',
  wantsTexts: 'Das Kriterium „{{field}}“ erwartet Texte.',
  wantsIds: 'Das Kriterium „{{field}}“ erwartet Kennungen.',
  zone: 'Gebiet',
  site: 'Standort',
  group: 'Gruppe',
  role: 'Rolle',
  answered_survey: 'Hat die Umfrage beantwortet',
  status: 'Status',
  organisation: 'Organisation',
};
const es: Record<AudienceRuleText, string> = {
  notForPopulation: 'El criterio «{{field}}» no se aplica a esta población.',
  wantsTexts: 'El criterio «{{field}}» espera textos.',
  wantsIds: 'El criterio «{{field}}» espera identificadores.',
  zone: 'Zona',
  site: 'Sitio',
  group: 'Grupo',
  role: 'Rol',
  answered_survey: 'Respondió la encuesta',
  status: 'Estado',
  organisation: 'Organización',
};
const zhCN: Record<AudienceRuleText, string> = {
  notForPopulation: '条件“{{field}}”不适用于该人群。',
  wantsTexts: '条件“{{field}}”需要文本。',
  wantsIds: '条件“{{field}}”需要标识。',
  zone: '区域',
  site: '站点',
  group: '小组',
  role: '角色',
  answered_survey: '已回答调查',
  status: '状态',
  organisation: '机构',
};

export const AUDIENCE_RULE_TEXTS: MessageTexts<AudienceRuleText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
const audienceRuleText = textsReader(AUDIENCE_RULE_TEXTS);

/** A rule's problem as the caller reads it, the criterion named in their language. */
export function audienceRuleMessage(locale: string, { field, problem }: AudienceRuleProblem): string {
  return audienceRuleText(locale, problem, { field: audienceRuleText(locale, field) });
}

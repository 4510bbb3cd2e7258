import type { MonitorTargetKind } from '@app/contracts';
import { type MessageTexts, textsReader } from '../../../delivery/message-texts';
import { participationText } from '../../collection/participations/participation.texts';

/**
 * The "a évalué" card (a notification of kind `evaluation`), one sentence per target kind
 * since the article and word order differ between languages, stored in each recipient's
 * language. French is the source; `evaluation.texts.unit.test.ts` checks the others.
 */
const fr = {
  agent: "{{agent}} a évalué l'agent {{target}}",
  group: '{{agent}} a évalué le groupe {{target}}',
  site: '{{agent}} a évalué le site {{target}}',
  workspace: "{{agent}} a évalué l'espace de travail {{target}}",
  audience: "{{agent}} a évalué l'audience {{target}}",
};
export type EvaluationText = keyof typeof fr;

const en: Record<EvaluationText, string> = {
  agent: '{{agent}} evaluated the agent {{target}}',
  group: '{{agent}} evaluated the group {{target}}',
  site: '{{agent}} evaluated the site {{target}}',
  workspace: '{{agent}} evaluated the workspace {{target}}',
  audience: '{{agent}} evaluated the audience {{target}}',
};
const de: Record<EvaluationText, string> = {
  agent: '{{agent}} hat den Agenten {{target}} bewertet',
  group: '{{agent}} hat die Gruppe {{target}} bewertet',
  site: '{{agent}} hat den Standort {{target}} bewertet',
  workspace: '{{agent}} hat den Arbeitsbereich {{target}} bewertet',
  audience: '{{agent}} hat die Zielgruppe {{target}} bewertet',
};
const es: Record<EvaluationText, string> = {
  agent: '{{agent}} evaluó al agente {{target}}',
  group: '{{agent}} evaluó el grupo {{target}}',
  site: '{{agent}} evaluó el sitio {{target}}',
  workspace: '{{agent}} evaluó el espacio de trabajo {{target}}',
  audience: '{{agent}} evaluó la audiencia {{target}}',
};
const zhCN: Record<EvaluationText, string> = {
  agent: '{{agent}} 评估了调查员 {{target}}',
  group: '{{agent}} 评估了小组 {{target}}',
  site: '{{agent}} 评估了站点 {{target}}',
  workspace: '{{agent}} 评估了工作区 {{target}}',
  audience: '{{agent}} 评估了受众 {{target}}',
};

export const EVALUATION_TEXTS: MessageTexts<EvaluationText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
const evaluationText = textsReader(EVALUATION_TEXTS);

/** "Awa Mballa a évalué le site Agence Akwa" in `locale`; `agentName` null for an anonymous survey. */
export function evaluationSentence(locale: string, agentName: string | null, kind: MonitorTargetKind, targetName: string): string {
  return evaluationText(locale, kind, { agent: agentName ?? participationText(locale, 'anonymousRespondent'), target: targetName });
}

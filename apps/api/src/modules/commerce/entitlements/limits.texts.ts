import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * The plan-limit refusal (`limit_reached`), in the caller's language (`ctx.locale`): what
 * the package allows, its name and how to raise it. French is the source;
 * `limits.texts.unit.test.ts` checks the other languages.
 */
const fr = {
  surveys: 'Limite atteinte : votre formule permet {{limit}} enquête(s).',
  agents: 'Limite atteinte : votre formule permet {{limit}} agent(s).',
  participations: 'Limite atteinte : votre formule permet {{limit}} participation(s) par mois.',
  storage: 'Limite atteinte : votre formule permet {{limit}} Mo de fichiers.',
  articles: 'Limite atteinte : votre formule permet {{limit}} article(s).',
  howToRaise: '{{reached}} (formule « {{package}} »). Pour l’augmenter, choisissez une formule supérieure dans Formules (packages).',
  usage: '{{used}} utilisé(s) sur {{limit}}',
};
export type LimitText = keyof typeof fr;

const en: Record<LimitText, string> = {
  surveys: 'Limit reached: your package allows {{limit}} survey(s).',
  agents: 'Limit reached: your package allows {{limit}} agent(s).',
  participations: 'Limit reached: your package allows {{limit}} participation(s) per month.',
  storage: 'Limit reached: your package allows {{limit}} MB of files.',
  articles: 'Limit reached: your package allows {{limit}} article(s).',
  howToRaise: '{{reached}} (package “{{package}}”). To raise it, choose a higher package in Packages.',
  usage: '{{used}} used of {{limit}}',
};
const de: Record<LimitText, string> = {
  surveys: 'Limit erreicht: Ihr Paket erlaubt {{limit}} Umfrage(n).',
  agents: 'Limit erreicht: Ihr Paket erlaubt {{limit}} Agent(en).',
  participations: 'Limit erreicht: Ihr Paket erlaubt {{limit}} Teilnahme(n) pro Monat.',
  storage: 'Limit erreicht: Ihr Paket erlaubt {{limit}} MB an Dateien.',
  articles: 'Limit erreicht: Ihr Paket erlaubt {{limit}} Artikel.',
  howToRaise: '{{reached}} (Paket „{{package}}“). Um es zu erhöhen, wählen Sie unter Pakete ein größeres Paket.',
  usage: '{{used}} von {{limit}} genutzt',
};
const es: Record<LimitText, string> = {
  surveys: 'Límite alcanzado: su plan permite {{limit}} encuesta(s).',
  agents: 'Límite alcanzado: su plan permite {{limit}} agente(s).',
  participations: 'Límite alcanzado: su plan permite {{limit}} participación(es) al mes.',
  storage: 'Límite alcanzado: su plan permite {{limit}} MB de archivos.',
  articles: 'Límite alcanzado: su plan permite {{limit}} artículo(s).',
  howToRaise: '{{reached}} (plan «{{package}}»). Para aumentarlo, elija un plan superior en Planes.',
  usage: '{{used}} usado(s) de {{limit}}',
};
const esMX: Record<LimitText, string> = {
  surveys: 'Límite alcanzado: tu plan permite {{limit}} encuesta(s).',
  agents: 'Límite alcanzado: tu plan permite {{limit}} agente(s).',
  participations: 'Límite alcanzado: tu plan permite {{limit}} participación(es) al mes.',
  storage: 'Límite alcanzado: tu plan permite {{limit}} MB de archivos.',
  articles: 'Límite alcanzado: tu plan permite {{limit}} artículo(s).',
  howToRaise: '{{reached}} (plan «{{package}}»). Para aumentarlo, elige un plan superior en Planes.',
  usage: '{{used}} usado(s) de {{limit}}',
};
const zhCN: Record<LimitText, string> = {
  surveys: '已达上限：您的套餐允许 {{limit}} 份调查。',
  agents: '已达上限：您的套餐允许 {{limit}} 名调查员。',
  participations: '已达上限：您的套餐每月允许 {{limit}} 次参与。',
  storage: '已达上限：您的套餐允许 {{limit}} MB 文件。',
  articles: '已达上限：您的套餐允许 {{limit}} 件商品。',
  howToRaise: '{{reached}}（套餐“{{package}}”）。如需提高，请在“套餐”中选择更高级的套餐。',
  usage: '已用 {{used}}，共 {{limit}}',
};

export const LIMIT_TEXTS: MessageTexts<LimitText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const limitText = textsReader(LIMIT_TEXTS);

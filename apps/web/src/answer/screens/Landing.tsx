/**
 * What the links that are not a survey's show: a target's or a company's `/m/{type}/{code}`
 * (TargetLanding) and the code entry page `/m` (CodeEntry). A chunk of its own, loaded by
 * main.tsx only for those addresses: a survey's link, the QR code's usual one, does not
 * download it.
 */
import { answerLanguage } from '../answer-language';
import { fetchPublicObject } from '../target-landing';
import { CodeEntry, TargetLanding } from './TargetLanding';

const loadObject = fetchPublicObject(answerLanguage);

export interface LandingProps {
  /** The link's target or company; null for the code entry page. */
  target: { type: string; code: string } | null;
  go(to: string, replaceEntry?: boolean): void;
  onTitle(title: string): void;
}

export default function Landing({ target, go, onTitle }: LandingProps) {
  return target ? (
    <TargetLanding load={loadObject} search={location.search} go={go} onTitle={onTitle} type={target.type} code={target.code} />
  ) : (
    <CodeEntry load={loadObject} search={location.search} go={go} onTitle={onTitle} />
  );
}

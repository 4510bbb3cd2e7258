import { lazy, Suspense } from 'react';
import type { StoredAccount } from '../../lib/session/account.types';

// The shortcuts need the survey texts, which load with the survey screens: the home
// page fetches them (and this card) only when it shows.
const SurveyShortcuts = lazy(async () => {
  const [{ loadSurveysI18n }, module] = await Promise.all([import('./surveys-i18n'), import('./SurveyShortcuts')]);
  await loadSurveysI18n();
  return { default: module.SurveyShortcuts };
});

/** The survey shortcuts card of the business home. */
export function LazySurveyShortcuts({ account }: { account: StoredAccount }) {
  return (
    <Suspense fallback={null}>
      <SurveyShortcuts account={account} />
    </Suspense>
  );
}

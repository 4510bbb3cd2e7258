import type { ParticipationStatus } from '@app/contracts/participation-views';
import { useTranslation } from 'react-i18next';

/**
 * The name of a participation's state, the same on every screen and in every language
 * (`kit.participationStatus.*`): one state once read "À contrôler", "Soumise" and
 * "Envoyée" depending on the page. An unknown value reads as a dash.
 */
export function useParticipationStatusLabel(): (status: ParticipationStatus | string) => string {
  const { t } = useTranslation('kit');
  return (status) => t(`participationStatus.${status}`, { defaultValue: '—' });
}

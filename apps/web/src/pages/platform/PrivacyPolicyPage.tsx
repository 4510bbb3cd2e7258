import { LegalDocument } from '../../features/platform/legal/LegalDocument';

export function PrivacyPolicyPage() {
  return <LegalDocument documentKey="privacy" />;
}

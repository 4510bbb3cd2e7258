import { LegalDocument } from '../../features/platform/legal/LegalDocument';

export function TermsPage() {
  return <LegalDocument documentKey="terms" />;
}

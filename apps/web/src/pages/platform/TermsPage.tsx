import { LegalDocument } from '../../features/legal/LegalDocument';

export function TermsPage() {
  return <LegalDocument documentKey="terms" />;
}

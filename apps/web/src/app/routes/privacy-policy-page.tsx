import { LegalDocument } from '../../features/catalogue/components/info-pages.tsx';

export default function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" />;
}

import { LegalDocument } from '../../features/catalogue/components/info-pages.tsx';

export default function TermsOfServicePage() {
  return <LegalDocument document="terms" />;
}

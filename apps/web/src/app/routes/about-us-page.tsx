import { AboutUs } from '../../features/catalogue/components/info-pages.tsx';

export default function AboutUsPage() {
  return <AboutUs />;
}

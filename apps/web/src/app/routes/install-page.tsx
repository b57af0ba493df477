import { InstallPage as Install } from '../../features/install/components/install-page.tsx';

export default function InstallPage() {
  return <Install />;
}

import { lazy, Suspense, useState } from 'react';
import { Support } from '../../features/catalogue/components/info-pages.tsx';

const CallCentreDialog = lazy(
  () => import('../../features/catalogue/components/call-centre-dialog.tsx'),
);

export default function SupportPage() {
  const [callCentreOpen, setCallCentreOpen] = useState(false);
  return (
    <>
      <Support
        onOpenCallCentre={() => {
          setCallCentreOpen(true);
        }}
      />
      {callCentreOpen ? (
        <Suspense fallback={null}>
          <CallCentreDialog
            onClose={() => {
              setCallCentreOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

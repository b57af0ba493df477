import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../auth/index.ts';

/**
 * Order pages need sign-in (spec §2: a route that requires sign-in opens the login dialog and
 * continues after success). While the session is being restored a spinner shows; a guest gets a
 * prompt with a Login button that opens the dialog and stays on the page.
 */
export function SignInGate({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { status, openAuthDialog } = useAuth();
  if (status === 'loading') {
    return (
      <p className="order-state" role="status">
        <Spinner /> {t('orders.loading')}
      </p>
    );
  }
  if (status === 'unauthenticated') {
    return (
      <div className="order-state order-state--prompt">
        <p>{t('orders.loginToView')}</p>
        <Button
          onClick={() => {
            openAuthDialog('login', { onSuccess: () => undefined });
          }}
        >
          {t('orders.login')}
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}

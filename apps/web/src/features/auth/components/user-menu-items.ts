import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuth } from '../hooks/auth-context.ts';

export interface UserMenuItem {
  key: 'account-settings' | 'login' | 'signup' | 'orders' | 'recipients' | 'install' | 'logout';
  label: string;
  /** Either a route to go to or an action to run. */
  href?: string;
  onSelect?: () => void;
}

/**
 * The user menu's entries (shopping spec §2). Guest: Account Settings, Login, Sign Up, Order
 * History, WebApp Install. Signed in: Account Settings, Order History, Saved numbers (issue 31),
 * WebApp Install, Logout.
 * Exported for the mobile three-dot menu, which picks login/signup/logout/install from it.
 */
export function useUserMenuItems(): UserMenuItem[] {
  const { t } = useTranslation();
  const { status, openAuthDialog, logout } = useAuth();
  const signedIn = status === 'authenticated';
  const items: UserMenuItem[] = [
    { key: 'account-settings', label: t('auth.menu.accountSettings'), href: '/account-settings' },
  ];
  if (!signedIn) {
    items.push(
      {
        key: 'login',
        label: t('auth.menu.login'),
        onSelect: () => {
          openAuthDialog('login');
        },
      },
      {
        key: 'signup',
        label: t('auth.menu.signUp'),
        onSelect: () => {
          openAuthDialog('signup');
        },
      },
    );
  }
  items.push({ key: 'orders', label: t('auth.menu.orderHistory'), href: '/orders' });
  // Saved numbers (issue 31): an account's, so shown once signed in.
  if (signedIn)
    items.push({ key: 'recipients', label: t('auth.menu.savedNumbers'), href: '/recipients' });
  items.push({ key: 'install', label: t('auth.menu.install'), href: '/webapp/install' });
  if (signedIn) {
    items.push({
      key: 'logout',
      label: t('auth.menu.logout'),
      onSelect: () => {
        void logout();
      },
    });
  }
  return items;
}

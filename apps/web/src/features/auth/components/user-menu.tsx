import type { Membership } from '@shop/contracts/auth';
import { formatNumber } from '@shop/contracts/languages';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useAuth } from '../hooks/auth-context.ts';
import './user-menu.css';

export interface UserMenuItem {
  key: 'account-settings' | 'login' | 'signup' | 'orders' | 'install' | 'logout';
  label: string;
  /** Either a route to go to or an action to run. */
  href?: string;
  onSelect?: () => void;
}

/**
 * The user menu's entries (shopping spec §2). Guest: Account Settings, Login, Sign Up, Order
 * History, WebApp Install. Signed in: Account Settings, Order History, WebApp Install, Logout.
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
  items.push(
    { key: 'orders', label: t('auth.menu.orderHistory'), href: '/orders' },
    { key: 'install', label: t('auth.menu.install'), href: '/webapp/install' },
  );
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

/** Header menu button with a keyboard-operable menu (WAI-ARIA menu button pattern). */
export function UserMenu() {
  const { t } = useTranslation();
  const { status, user, membership, refreshMembership } = useAuth();
  const items = useUserMenuItems();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current === 'first' ? 0 : itemRefs.current.length - 1;
    itemRefs.current[target]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const select = (item: UserMenuItem) => {
    close(true);
    if (item.href) navigate(item.href);
    item.onSelect?.();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = list.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const signedIn = status === 'authenticated' && user !== null;
  const initial = signedIn ? user.name.trim().charAt(0).toUpperCase() || '?' : '';

  return (
    <div className="user-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The visible name (or "Guest") is part of the label, so voice control finds the button by it.
        aria-label={t('auth.menu.labelFor', { name: signedIn ? user.name : t('auth.menu.guest') })}
        onClick={() => {
          focusOnOpen.current = 'first';
          if (!open) refreshMembership();
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
            setOpen(true);
          }
        }}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {signedIn ? (
            initial
          ) : (
            <svg viewBox="0 0 24 24" width="20" height="20">
              <path
                fill="currentColor"
                d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z"
              />
            </svg>
          )}
        </span>
        <span className="user-menu__name">{signedIn ? user.name : t('auth.menu.guest')}</span>
      </button>
      {open ? (
        <div className="user-menu__panel">
          {/* Outside the menu role: a menu may hold only menu items, and screen readers in menu
              mode would skip the name, tier and points. */}
          {signedIn ? (
            <div className="user-menu__header">
              <strong>{user.name}</strong>
              <span>{user.email}</span>
              {membership ? <MembershipSummary membership={membership} /> : null}
            </div>
          ) : null}
          <div
            role="menu"
            id={menuId}
            aria-label={t('auth.menu.label')}
            onKeyDown={onMenuKeyDown}
            tabIndex={-1}
          >
            {items.map((item, index) => (
              <button
                key={item.key}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`user-menu__item user-menu__item--${item.key}`}
                onClick={() => {
                  select(item);
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Loyalty progress (spec §5): points / the tier's maxPoints, capped at 100 %. */
export function tierProgressPercent(membership: Membership): number {
  const { maxPoints } = membership.currentTier;
  if (membership.currentTier.isHighestTier || !maxPoints) return 100;
  return Math.min(100, Math.max(0, (membership.tierPoints / maxPoints) * 100));
}

/** Tier icon (a coin that flips every 15 s), tier name, points and progress to the next tier. */
function MembershipSummary({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  const tier = membership.currentTier;
  const percent = Math.round(tierProgressPercent(membership));
  const tierName = t(`auth.menu.membership.tiers.${tier.name}`);
  return (
    <div className="membership" data-testid="membership" data-tier={tier.name}>
      <div className="membership__tier">
        <span className={`membership__coin membership__coin--${tier.name}`} aria-hidden="true">
          ★
        </span>
        <strong data-testid="membership-tier">
          {t('auth.menu.membership.tierLabel', { tier: tierName })}
        </strong>
      </div>
      <span data-testid="membership-points">
        {t('auth.menu.membership.points', {
          points: formatNumber(membership.pointsBalance, currentLanguage()),
        })}
      </span>
      <div
        className="membership__bar"
        role="progressbar"
        aria-label={t('auth.menu.membership.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${String(percent)}%` }} />
      </div>
      <small>
        {tier.isHighestTier || membership.nextTier === null || tier.maxPoints === null
          ? t('auth.menu.membership.highest')
          : t('auth.menu.membership.progress', {
              points: formatNumber(membership.tierPoints, currentLanguage()),
              max: formatNumber(tier.maxPoints, currentLanguage()),
              next: t(`auth.menu.membership.tiers.${membership.nextTier}`),
            })}
      </small>
    </div>
  );
}

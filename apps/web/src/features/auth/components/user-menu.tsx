import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { useAuth } from '../hooks/auth-context.ts';
import { useUserMenuItems, type UserMenuItem } from './user-menu-items.ts';
import './user-menu.css';

const loadPanel = () => import('./user-menu-panel.tsx');
const UserMenuPanel = lazy(loadPanel);

/**
 * Header menu button with a keyboard-operable menu (WAI-ARIA menu button pattern). The open menu
 * is its own chunk (user-menu-panel.tsx), fetched as the pointer or the focus comes to the button.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { status, user, refreshMembership } = useAuth();
  const items = useUserMenuItems();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(true);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
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

  const prefetch = () => {
    loadPanel().catch(() => undefined);
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
        aria-label={t('auth.menu.labelFor', { name: signedIn ? user.name : t('auth.menu.guest') })}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setFocusFirst(true);
          if (!open) refreshMembership();
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setFocusFirst(event.key === 'ArrowDown');
            setOpen(true);
          }
        }}
      >
        {/* The initial is drawn by CSS (data-initial): as text it was "visible text" that the
            button's name ("Account menu for Aye Aye Test") does not contain (axe,
            label-content-name-mismatch, with the name shown beside it on wide screens). */}
        <span className="user-menu__avatar" aria-hidden="true" data-initial={initial || undefined}>
          {signedIn ? null : (
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
        <Suspense fallback={null}>
          <UserMenuPanel
            menuId={menuId}
            items={items}
            focusFirst={focusFirst}
            onSelect={select}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

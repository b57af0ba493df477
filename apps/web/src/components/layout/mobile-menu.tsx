import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'wouter';

/**
 * The mobile three-dot menu (spec §2 Home): Support, About Us, Login/Sign Up or Logout and WebApp
 * Install (the account entries, `AccountItems`, are the auth feature's, passed in by the app).
 * A disclosure (button + list of links): Escape and a click outside close it.
 */
export function MobileMenu({
  AccountItems,
}: {
  AccountItems: ComponentType<{ onChosen: () => void }>;
}) {
  const { t } = useTranslation();
  const [location] = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (value: boolean) => {
    setOpenOn(value ? location : null);
  };
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="mobile-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="header-button mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('catalogue.header.moreMenu')}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="5" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="19" r="2" fill="currentColor" />
        </svg>
      </button>
      <nav
        id={listId}
        className="mobile-menu__panel"
        hidden={!open}
        aria-label={t('catalogue.header.moreMenu')}
      >
        <ul>
          <li>
            <Link href="/support">{t('nav.support')}</Link>
          </li>
          <li>
            <Link href="/about-us">{t('nav.aboutUs')}</Link>
          </li>
          <AccountItems
            onChosen={() => {
              setOpen(false);
            }}
          />
        </ul>
      </nav>
    </div>
  );
}

import { useLocation } from 'wouter';
import { useUserMenuItems } from './user-menu-items.ts';

/** The account entries the three-dot menu repeats from the user menu (spec §2 Home). */
const mobileAccountKeys = new Set(['login', 'signup', 'logout', 'install']);

/**
 * The three-dot menu's account entries: Login and Sign Up, or Logout, and WebApp Install, as list
 * items; `onChosen` closes the menu before the entry's page or action.
 */
export function MobileAccountItems({ onChosen }: { onChosen: () => void }) {
  const items = useUserMenuItems().filter((item) => mobileAccountKeys.has(item.key));
  const [, navigate] = useLocation();
  return items.map((item) => (
    <li key={item.key}>
      <button
        type="button"
        onClick={() => {
          onChosen();
          if (item.href) navigate(item.href);
          item.onSelect?.();
        }}
      >
        {item.label}
      </button>
    </li>
  ));
}

/**
 * The header's user menu. The account work replaces this with the full menu (guest: Account
 * Settings, Login, Sign Up, Order History, WebApp Install; signed in: tier, points, Logout).
 */
export function UserMenu() {
  return null;
}

import type { Membership, User } from '@shop/contracts/auth';
import { createContext, useContext } from 'react';
import type { SessionEndReason } from '../../../lib/auth-session.ts';
import type { LoginAnswer } from '../api/auth-api.ts';
import type { MembershipProblem } from '../profile-loader.ts';

/** The auth dialog's modes, opened by name (shopping spec §2 "Auth dialog"). */
export type AuthDialogMode = 'login' | 'signup' | 'forgot-password' | 'otp-verification';

export interface AuthDialogOptions {
  /** Runs after a successful login instead of going to / (routes that require sign-in). */
  onSuccess?: () => void;
  email?: string;
  otp?: string;
  /** Forgot-password: start at this step (3 when the URL carries otp, email and pg=reset-password). */
  step?: 1 | 2 | 3;
}

export interface CompleteLoginOptions {
  /**
   * Where to go when no onSuccess was given: 'home' (/, a login from the dialog) or 'stay' (the
   * sign-up that just verified its e-mail stays where the customer was).
   */
  otherwise?: 'home' | 'stay';
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  membership: Membership | null;
  /** Why there is no membership to show, or why the last reload of it failed; null when none. */
  membershipProblem: MembershipProblem | null;
  dialog: { mode: AuthDialogMode; options: AuthDialogOptions } | null;
  openAuthDialog: (mode: AuthDialogMode, options?: AuthDialogOptions) => void;
  closeAuthDialog: () => void;
  completeLogin: (answer: LoginAnswer, options?: CompleteLoginOptions) => Promise<void>;
  logout: () => Promise<void>;
  showSessionExpired: (reason: SessionEndReason) => void;
  /**
   * Reloads the profile's membership (points, tier). Shared and cached 30 s, paused 15 s after an
   * error (shopping spec §4 "Profile and membership"); `force` skips both, e.g. after an order.
   */
  refreshMembership: (force?: boolean) => void;
}

const noop = () => undefined;
const resolved = () => Promise.resolve();

/** Without a provider (isolated tests of other features) everyone is a guest. */
export const AuthContext = createContext<AuthContextValue>({
  status: 'unauthenticated',
  user: null,
  membership: null,
  membershipProblem: null,
  dialog: null,
  openAuthDialog: noop,
  closeAuthDialog: noop,
  completeLogin: resolved,
  logout: resolved,
  showSessionExpired: noop,
  refreshMembership: noop,
});

export const useAuth = () => useContext(AuthContext);

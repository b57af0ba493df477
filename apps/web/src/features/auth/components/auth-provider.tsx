import type { Membership, User } from '@shop/contracts/auth';
import {
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../../components/ui/toast-store.ts';
import { getAuthSession, type SessionEndReason } from '../../../lib/auth-session.ts';
import { isJwtValid } from '../../../lib/jwt.ts';
import { ACCESS_TOKEN_KEY } from '../../../lib/token-storage.ts';
import type { LoginAnswer } from '../api/auth-api.ts';
import { fetchProfile } from '../api/profile-api.ts';
import {
  createProfileLoader,
  membershipProblemOf,
  type MembershipProblem,
} from '../profile-loader.ts';
import {
  AuthContext,
  type AuthContextValue,
  type AuthDialogMode,
  type AuthDialogOptions,
  type AuthStatus,
  type CompleteLoginOptions,
} from '../hooks/auth-context.ts';
import { OptionalPart } from '../../../components/ui/optional-part.tsx';

// Dialogs are not needed for the first paint of any page: loaded when first opened.
const AuthDialog = lazy(() => import('./auth-dialog.tsx'));
const SessionExpiredModal = lazy(() => import('./session-expired-modal.tsx'));
const OfflineRetryDialog = lazy(() => import('./offline-retry-dialog.tsx'));

const URL_DIALOG_PARAMS = ['otp', 'email', 'pg'] as const;

function dialogFromSearch(search: string): AuthContextValue['dialog'] {
  const params = new URLSearchParams(search);
  const otp = params.get('otp') ?? undefined;
  const email = params.get('email') ?? undefined;
  const pg = params.get('pg');
  if (pg === 'verify-email' && otp && email)
    return { mode: 'otp-verification', options: { otp, email } };
  if (pg === 'reset-password')
    return { mode: 'forgot-password', options: { otp, email, step: otp && email ? 3 : 1 } };
  return null;
}

/**
 * The copy of the signed-in customer's orders kept on this device for offline reading (ADR 0030):
 * the orders feature's, loaded on demand; the app gives its loader (orders is above auth, issue 30).
 */
export interface OrdersCache {
  /** Keeps `userId`'s orders of the query cache on this device; returns the stop. */
  persistOrders: (client: QueryClient, userId: string) => () => void;
  /** Forgets the kept orders (all, or all but `keepUserId`'s). */
  clearPersistedOrders: (options: { keepUserId?: string }) => void;
}

/**
 * Auth state for the app (account spec §4): recovers the stored session at start, refreshes an
 * expired access token, loads the profile (cached user as fallback), reacts to the session
 * ending (session-expired modal), and hosts the auth dialog opened by mode name.
 */
export function AuthProvider({
  children,
  loadOrdersCache,
}: {
  children: ReactNode;
  loadOrdersCache: () => Promise<OrdersCache>;
}) {
  const { t } = useTranslation();
  const session = getAuthSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<User | null>(null);
  const [membership, setMembership] = useState<Membership | null>(null);
  const [dialog, setDialog] = useState<AuthContextValue['dialog']>(null);
  const [expiredReason, setExpiredReason] = useState<SessionEndReason | null>(null);
  const [offlineAnswer, setOfflineAnswer] = useState<((retry: boolean) => void) | null>(null);
  const onLoginSuccess = useRef<(() => void) | undefined>(undefined);
  const dialogOpen = useRef(false);
  useEffect(() => {
    dialogOpen.current = dialog !== null;
  }, [dialog]);
  const queryClient = useQueryClient();
  const signedInUserId = useRef<string | null>(null);
  const [membershipProblem, setMembershipProblem] = useState<MembershipProblem | null>(null);
  const [profileLoader] = useState(() =>
    createProfileLoader({
      fetchProfile,
      accessToken: () => session.getAccessToken(),
      onEvent: (event) => {
        if (event.type === 'loaded') {
          setMembership(event.profile.membership);
          setMembershipProblem(event.profile.membership ? null : { kind: 'unavailable' });
        } else if (event.type === 'failed') setMembershipProblem(membershipProblemOf(event.error));
        else setMembershipProblem({ kind: 'paused' });
      },
    }),
  );
  const refreshMembership = profileLoader.refresh;

  // Another person's orders (and PINs) must never show from the cache after a sign-out or a
  // switch of account on a shared phone.
  const forgetPreviousUser = useCallback(
    (userId: string | null) => {
      const previous = signedInUserId.current;
      if (userId === null || (previous !== null && previous !== userId)) {
        queryClient.removeQueries({ queryKey: ['orders'] });
        // And the copy kept on this device for offline reading (ADR 0030).
        void loadOrdersCache().then((persistence) => {
          persistence.clearPersistedOrders(userId === null ? {} : { keepUserId: userId });
        });
      }
      signedInUserId.current = userId;
    },
    [queryClient, loadOrdersCache],
  );

  // Session events: tokens changed (login, refresh, other tab, logout) or the session ended.
  useEffect(() => {
    const unsubscribe = session.subscribe((event) => {
      if (event.type === 'expired') {
        setExpiredReason(event.reason);
        return;
      }
      if (event.tokens) {
        if (event.tokens.userData) {
          forgetPreviousUser(event.tokens.userData.id);
          setUser(event.tokens.userData);
        }
        setStatus('authenticated');
      } else {
        forgetPreviousUser(null);
        setUser(null);
        setMembership(null);
        setMembershipProblem(null);
        setStatus('unauthenticated');
      }
    });
    session.setConfirmOfflineRetry(
      (_message) =>
        new Promise<boolean>((resolve) => {
          setOfflineAnswer(() => (retry: boolean) => {
            setOfflineAnswer(null);
            resolve(retry);
          });
        }),
    );
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === ACCESS_TOKEN_KEY) session.adoptStoredTokens();
    };
    window.addEventListener('storage', onStorage);
    // A logout made offline is sent once the network is back (ADR 0015).
    const onOnline = () => {
      void session.flushPendingLogout();
    };
    window.addEventListener('online', onOnline);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
    };
  }, [session, forgetPreviousUser]);

  // Start-up: recover, refresh if expired, then the fresh profile (account spec §4). Its answer
  // (loading → signed in or out) is a transition: a context change reaches every region of a
  // server-rendered page not yet hydrated, and React hydrates them for it at once and in one task
  // unless the update is a transition, which it renders in slices that yield (ADR 0069, C2).
  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      // A logout left unsent when the app was last open (offline) goes now.
      void session.flushPendingLogout();
      const recovered = await session.recover();
      if (!recovered) {
        if (!cancelled)
          startTransition(() => {
            setStatus('unauthenticated');
          });
        return;
      }
      if (!isJwtValid(recovered.accessToken)) {
        try {
          await session.refresh();
        } catch {
          if (!cancelled)
            startTransition(() => {
              setStatus('unauthenticated');
            });
          return;
        }
      }
      try {
        const profile = await profileLoader.fetch();
        if (cancelled) return;
        signedInUserId.current = profile.user.id;
        await session.updateUser(profile.user);
        startTransition(() => {
          setUser(profile.user);
          setMembership(profile.membership);
          setMembershipProblem(profile.membership ? null : { kind: 'unavailable' });
          setStatus('authenticated');
        });
      } catch (error) {
        if (cancelled) return;
        const cached = session.getTokens()?.userData ?? null;
        if (cached) {
          startTransition(() => {
            setUser(cached);
            // The menu says why it shows no tier (shopping spec §8 "Membership").
            setMembershipProblem(membershipProblemOf(error));
            setStatus('authenticated');
          });
        } else {
          await session.clear();
        }
      }
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, [session, profileLoader]);

  // The signed-in customer's orders are kept on this device and open offline (ADR 0030).
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  useEffect(() => {
    if (!userId) return undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    void loadOrdersCache().then((persistence) => {
      if (!stopped) stop = persistence.persistOrders(queryClient, userId);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [userId, queryClient, loadOrdersCache]);

  const stripDialogParams = useCallback(() => {
    const params = new URLSearchParams(window.location.search);
    if (!URL_DIALOG_PARAMS.some((key) => params.has(key))) return;
    for (const key of URL_DIALOG_PARAMS) params.delete(key);
    const query = params.toString();
    navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
  }, [navigate, pathname]);

  // Opening a dialog by name supersedes one opened by an e-mail link: its parameters go.
  const openAuthDialog = useCallback(
    (mode: AuthDialogMode, options: AuthDialogOptions = {}) => {
      // Moving between the dialog's modes (login → sign up → code) keeps what a login was for,
      // e.g. the checkout the customer started (issue 12); a dialog opened anew starts clean.
      onLoginSuccess.current =
        options.onSuccess ?? (dialogOpen.current ? onLoginSuccess.current : undefined);
      setDialog({ mode, options });
      stripDialogParams();
    },
    [stripDialogParams],
  );

  const closeAuthDialog = useCallback(() => {
    setDialog(null);
    stripDialogParams();
  }, [stripDialogParams]);

  // Links from e-mails: ?otp&email&pg=verify-email or pg=reset-password (shopping spec §2).
  // Checked while rendering when the query changes (React's "adjust state on prop change").
  const [seenSearch, setSeenSearch] = useState<string | null>(null);
  if (search !== seenSearch) {
    setSeenSearch(search);
    const fromUrl = dialogFromSearch(search);
    if (fromUrl) setDialog(fromUrl);
  }

  const completeLogin = useCallback(
    async (answer: LoginAnswer, { otherwise = 'home' }: CompleteLoginOptions = {}) => {
      await session.setSession(answer);
      setUser(answer.user);
      setStatus('authenticated');
      setExpiredReason(null);
      setDialog(null);
      stripDialogParams();
      // Its words came with the form that logged in (the account strings load with the forms).
      toast.success(t('auth.login.success'));
      const callback = onLoginSuccess.current;
      onLoginSuccess.current = undefined;
      if (callback) callback();
      else if (otherwise === 'home') navigate('/');
      refreshMembership(true);
    },
    [session, stripDialogParams, t, navigate, refreshMembership],
  );

  const logout = useCallback(async () => {
    try {
      await session.logout();
    } catch {
      // The device could not forget the session (storage refused): it would sign in again at
      // the next start, so it is not "Logged out successfully" (account spec §8 fallback).
      toast.error(t('auth.menu.logoutFailed'));
      return;
    }
    toast.success(t('auth.menu.loggedOut'));
  }, [session, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      membership,
      membershipProblem,
      dialog,
      openAuthDialog,
      closeAuthDialog,
      completeLogin,
      logout,
      showSessionExpired: setExpiredReason,
      refreshMembership,
    }),
    [
      status,
      user,
      membership,
      membershipProblem,
      dialog,
      openAuthDialog,
      closeAuthDialog,
      completeLogin,
      logout,
      refreshMembership,
    ],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      <OptionalPart>
        {dialog ? <AuthDialog mode={dialog.mode} options={dialog.options} /> : null}
        {expiredReason ? (
          <SessionExpiredModal
            reason={expiredReason}
            onClose={() => {
              setExpiredReason(null);
            }}
            onLoginAgain={() => {
              setExpiredReason(null);
              openAuthDialog('login', { onSuccess: () => undefined });
            }}
          />
        ) : null}
        {offlineAnswer ? <OfflineRetryDialog onAnswer={offlineAnswer} /> : null}
      </OptionalPart>
    </AuthContext.Provider>
  );
}

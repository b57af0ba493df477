import type { Membership } from '@shop/contracts/auth';
import type { BonusDay } from '@shop/contracts/bonus-days';
import { hasPrioritySupport } from '@shop/contracts/tier-benefits';
import { formatNumber } from '@shop/contracts/languages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { bonusDayWords, bonusDaysQuery } from '../api/bonus-days-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import type { MembershipProblem } from '../profile-loader.ts';
import type { UserMenuItem } from './user-menu-items.ts';

/**
 * The open user menu (WAI-ARIA menu pattern), loaded when the menu first opens: the header's
 * button is in every page's first JavaScript, the panel is not. Focus goes to the first or the
 * last item on opening; arrows, Home and End move, Escape closes and returns focus, Tab leaves.
 */
export default function UserMenuPanel({
  menuId,
  items,
  focusFirst,
  onSelect,
  onClose,
}: {
  menuId: string;
  items: UserMenuItem[];
  focusFirst: boolean;
  onSelect: (item: UserMenuItem) => void;
  onClose: (returnFocus: boolean) => void;
}) {
  const { t } = useTranslation();
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    itemRefs.current[focusFirst ? 0 : itemRefs.current.length - 1]?.focus();
    // Only on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
      onClose(true);
    } else if (event.key === 'Tab') onClose(false);
  };

  return (
    <div className="user-menu__panel">
      <AccountHeader />
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
              onSelect(item);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Name, e-mail and tier of the signed-in customer. Outside the menu role: a menu may hold only
 * menu items, and screen readers in menu mode would skip the name, tier and points.
 */
function AccountHeader() {
  const { status, user, membership, membershipProblem } = useAuth();
  return status === 'authenticated' && user !== null ? (
    <div className="user-menu__header">
      <strong>{user.name}</strong>
      <span>{user.email}</span>
      {membership ? (
        <MembershipSummary membership={membership} />
      ) : membershipProblem ? (
        <MembershipNotice problem={membershipProblem} />
      ) : null}
    </div>
  ) : null;
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
      <TierBenefits membership={membership} />
      <BonusDaysNotice />
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

/**
 * What the tier gives (shopping spec §1's tier benefits, issue 31): its discount on every purchase,
 * for the higher tiers priority customer service, and for every member bonus points on special
 * occasions (the owner's bonus-point days, ADR 0081).
 */
export function TierBenefits({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  const percent = membership.tierDiscountPercent;
  const benefits = [
    ...(percent > 0
      ? [
          t('auth.menu.membership.discount', {
            percent: formatNumber(percent, currentLanguage()),
          }),
        ]
      : []),
    ...(hasPrioritySupport(membership.currentTier.name)
      ? [t('auth.menu.membership.prioritySupport')]
      : []),
    t('auth.menu.membership.bonusPoints'),
  ];
  return (
    <ul className="membership__benefits" data-testid="membership-benefits">
      {benefits.map((benefit) => (
        <li key={benefit}>{benefit}</li>
      ))}
    </ul>
  );
}

/** The bonus-point days on now or next (within 14 days), asked when the menu opens. */
function BonusDaysNotice() {
  const { data } = useQuery(bonusDaysQuery);
  const next = data?.[0];
  return next ? <BonusDaysText window={next} /> : null;
}

/** "2× points during Thadingyut, 24–26 Oct"; in Burmese, Burmese words and digits. */
export function BonusDaysText({ window: w }: { window: BonusDay }) {
  const { t } = useTranslation();
  return (
    <p className="membership__bonus" data-testid="membership-bonus">
      {t('auth.menu.membership.bonusDays', bonusDayWords(w, currentLanguage()))}
    </p>
  );
}

/** Shopping spec §8 "Membership": the message for each reason the tier cannot be shown. */
const problemMessageKeys: Record<MembershipProblem['kind'], string> = {
  unavailable: 'auth.menu.membership.unavailable',
  failed: 'auth.menu.membership.fetchFailed',
  unreadable: 'auth.menu.membership.loadFailed',
  paused: 'auth.menu.membership.paused',
};

/**
 * Where the tier would be: why it is not. A failure is an alert, with the server's reason or
 * 'Failed to fetch user profile' (account spec §8); a pause or an answer without membership is a
 * status.
 */
function MembershipNotice({ problem }: { problem: MembershipProblem }) {
  const { t } = useTranslation();
  const failed = problem.kind === 'failed' || problem.kind === 'unreadable';
  return (
    <p
      className={`membership-notice${failed ? ' membership-notice--failed' : ''}`}
      role={failed ? 'alert' : 'status'}
      data-testid="membership-notice"
    >
      <strong>{t(problemMessageKeys[problem.kind])}</strong>
      {problem.kind === 'failed' ? (
        <small>{problem.serverMessage ?? t('auth.menu.membership.profileFailed')}</small>
      ) : null}
    </p>
  );
}

import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { resolveSafeUrl, shopPath, type SafeUrl } from '../safe-url.ts';

/** Any origin does to tell whether a link is safe; whether it leaves the shop is seen on click. */
const SOME_ORIGIN = 'https://shop.invalid';

/**
 * A banner's call to action (issue 26): a real link, named by its words. A page of the shop opens
 * at once in this tab, by the router (no reload, no question); another site asks first
 * (`onExternal`, the "Leaving MyanTopup" dialog). An unsafe link is no link: nothing is shown.
 */
export function BannerLink({
  linkUrl,
  className,
  onOpen,
  onExternal,
  children,
}: {
  linkUrl: string;
  className: string;
  onOpen?: () => void;
  onExternal: (url: SafeUrl) => void;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  if (!resolveSafeUrl(linkUrl, SOME_ORIGIN)) return null;
  const href = linkUrl.trim();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window asked for with a modifier key or the middle button: the browser's own.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    const safe = resolveSafeUrl(href, window.location.origin);
    if (!safe) return;
    onOpen?.();
    if (safe.external) onExternal(safe);
    else navigate(shopPath(safe));
  };
  return (
    <a className={className} href={href} onClick={onClick}>
      {children}
    </a>
  );
}

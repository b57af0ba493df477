/** Spec §3 settings key: the person closed the install banner; it is not shown again. */
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';
/** Spec §9 "iOS install banner delay | 3 s". */
export const IOS_BANNER_DELAY_MS = 3000;

export type InstallBannerKind = 'prompt' | 'ios' | null;

/**
 * Spec §4 "Install banner": "Shown on the browser's install-prompt event; on iOS shown after 3
 * seconds. Not shown if already installed or previously dismissed." Nor on the install page
 * itself, which says the same at length.
 */
export function installBannerKind(s: {
  promptAvailable: boolean;
  installed: boolean;
  standalone: boolean;
  dismissed: boolean;
  ios: boolean;
  iosDelayPassed: boolean;
  path: string;
}): InstallBannerKind {
  if (s.installed || s.standalone || s.dismissed || s.path === '/webapp/install') return null;
  if (s.promptAvailable) return 'prompt';
  return s.ios && s.iosDelayPassed ? 'ios' : null;
}

/**
 * iPhone, iPod or iPad, where Safari has no install prompt (only Share → Add to Home Screen).
 * iPadOS reports itself as a Mac; it is the one "Mac" with a touch screen.
 */
export const isIos = (userAgent: string, maxTouchPoints: number): boolean =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);

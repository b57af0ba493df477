/**
 * Links that open a chat app with the share link ready to send. Viber and Messenger take the
 * link in their app schemes; Telegram's web address opens its app where installed.
 */
export function messengerLinks(url: string, text: string) {
  const link = encodeURIComponent(url);
  return {
    viber: `viber://forward?text=${encodeURIComponent(`${text} ${url}`)}`,
    telegram: `https://t.me/share/url?url=${link}&text=${encodeURIComponent(text)}`,
    messenger: `fb-messenger://share/?link=${link}`,
  };
}

/**
 * The share call does two things on the server in one request: it screens the note, then makes
 * the link (spec §4 "Share link": validating the note, then generating, then a link). The page
 * cannot see where the server is, so it says "Validating the note…" first and "Generating…" once
 * the request has been in flight this long — about what the screen takes.
 */
export const VALIDATING_PHASE_MS = 400;

export type LinkPhase = 'idle' | 'validating' | 'generating';

/**
 * Runs `request` while reporting the phase to show: 'validating' at once, 'generating' after
 * VALIDATING_PHASE_MS, 'idle' when it settles (either way).
 */
export async function withLinkPhases<T>(
  request: () => Promise<T>,
  onPhase: (phase: LinkPhase) => void,
  timers: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  } = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => {
      globalThis.clearTimeout(id as ReturnType<typeof setTimeout>);
    },
  },
): Promise<T> {
  onPhase('validating');
  const timer = timers.setTimeout(() => {
    onPhase('generating');
  }, VALIDATING_PHASE_MS);
  try {
    return await request();
  } finally {
    timers.clearTimeout(timer);
    onPhase('idle');
  }
}

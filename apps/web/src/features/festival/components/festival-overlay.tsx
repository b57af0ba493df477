import '../content/messages.ts';
import '../festival.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { registerDialog, unregisterDialog } from '../../../components/ui/blocking-dialogs.ts';
import burmese from '../content/messages.my.json';
import { FESTIVAL_CLOSE_AFTER_MS, FESTIVAL_MESSAGE_DELAY_MS } from '../festival-day.ts';

/** Lanterns across the top: horizontal place (%), size (px), swing delay (s). */
const LANTERNS = [
  [8, 54, 0],
  [24, 40, 0.6],
  [42, 60, 0.3],
  [60, 44, 0.9],
  [78, 56, 0.2],
  [92, 38, 0.7],
] as const;
/** Sparks rising from the bottom: horizontal place (%), delay (s). */
const SPARKS = [4, 13, 21, 30, 37, 46, 53, 62, 70, 77, 85, 94].map(
  (left, i) => [left, (i * 0.37) % 2.4] as const,
);

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The Thadingyut greeting (spec §2, §9), its blessing in Burmese on every page (English pages add
 * a translation): lanterns and sparks, the Burmese blessing after 1 s,
 * closed after 10 s, by a click anywhere or Escape. A modal dialog: focus on its close button and
 * back where it was afterwards. Reduced motion: still lanterns, the message at once.
 */
export default function FestivalOverlay({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const [messageShown, setMessageShown] = useState(reducedMotion);

  // A modal dialog like the others: the app's prompts, banners and toasts wait until it closes.
  useEffect(() => {
    const key = Symbol('festival greeting');
    registerDialog(key, overlay.current);
    return () => {
      unregisterDialog(key);
    };
  }, []);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const message = setTimeout(setMessageShown, FESTIVAL_MESSAGE_DELAY_MS, true);
    const done = setTimeout(() => {
      onCloseRef.current();
    }, FESTIVAL_CLOSE_AFTER_MS);
    return () => {
      clearTimeout(message);
      clearTimeout(done);
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
    } else if (event.key === 'Tab') {
      // The close button is the only thing to reach: focus stays on it.
      event.preventDefault();
      close.current?.focus();
    }
  };

  return createPortal(
    <div
      ref={overlay}
      className="festival-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="festival-overlay"
      onKeyDown={onKeyDown}
      onClick={() => {
        onCloseRef.current();
      }}
    >
      <div className="festival-overlay__sky" aria-hidden="true">
        {LANTERNS.map(([left, size, delay]) => (
          <span
            key={left}
            className="festival-lantern"
            style={{
              left: `${left}%`,
              width: size,
              height: size * 1.25,
              animationDelay: `${delay}s`,
            }}
          />
        ))}
        {SPARKS.map(([left, delay]) => (
          <span
            key={left}
            className="festival-spark"
            style={{ left: `${left}%`, animationDelay: `${delay}s` }}
          />
        ))}
      </div>
      <div className="festival-overlay__card">
        <h2 id={titleId} className="festival-overlay__title">
          {t('festival.title')}
        </h2>
        <div
          className={
            messageShown ? 'festival-overlay__message is-shown' : 'festival-overlay__message'
          }
          aria-live="polite"
          data-testid="festival-message"
        >
          {messageShown ? (
            <>
              <p lang="my" className="festival-overlay__blessing">
                {burmese.festival.blessing}
              </p>
              {i18n.language === 'my' ? null : (
                <p className="festival-overlay__translation">{t('festival.blessing')}</p>
              )}
            </>
          ) : null}
        </div>
        <button ref={close} type="button" className="festival-overlay__close">
          {t('festival.close')}
        </button>
      </div>
    </div>,
    document.body,
  );
}

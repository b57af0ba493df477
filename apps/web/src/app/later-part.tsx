import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';
import { OptionalPart } from '../components/ui/optional-part.tsx';
import { whenIdleAfterLoad } from '../lib/when-idle.ts';

/**
 * A part of the app that is not in the page's first JavaScript (issue 16's hosts and banner): its
 * chunk is fetched once the page has loaded and the browser is idle (issue 29), `delayMs` later.
 * A chunk that cannot be fetched (offline, a dropped connection on a patchy network) leaves the
 * part out — it never takes the page down — and is fetched again when the browser is back online.
 */
export function LaterPart({
  load,
  delayMs = 0,
}: {
  /** Stable (module level): a new function would mean a new part. */
  load: () => Promise<{ default: ComponentType }>;
  /** After the page is idle (a prompt that should not greet the reader at once). */
  delayMs?: number;
}) {
  const [due, setDue] = useState(false);
  const [failed, setFailed] = useState(false);
  // React keeps a failed lazy part failed: each attempt is a new one.
  const [part, setPart] = useState(() => ({ Part: lazy(load) }));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = whenIdleAfterLoad(() => {
      // Its first render (and the one once its chunk has arrived) yields to the browser.
      timer = setTimeout(() => {
        startTransition(() => {
          setDue(true);
        });
      }, delayMs);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [delayMs]);

  useEffect(() => {
    if (!failed) return;
    const again = () => {
      setFailed(false);
      setPart({ Part: lazy(load) });
    };
    window.addEventListener('online', again, { once: true });
    return () => {
      window.removeEventListener('online', again);
    };
  }, [failed, load]);

  if (!due || failed) return null;
  const { Part } = part;
  return (
    // Left out while failed, so a new try starts with a new boundary.
    <OptionalPart
      onError={() => {
        setFailed(true);
      }}
    >
      <Part />
    </OptionalPart>
  );
}

import { lazy, useEffect, useState, type ComponentType } from 'react';
import { OptionalPart } from '../components/ui/optional-part.tsx';

/**
 * A part of the app that is not in the page's first JavaScript (issue 16's hosts and banner): its
 * chunk is fetched `after` the page's load event, or that many ms after the first render. A chunk
 * that cannot be fetched (offline, a dropped connection on a patchy network) leaves the part out —
 * it never takes the page down — and is fetched again when the browser is back online.
 */
export function LaterPart({
  load,
  after,
}: {
  /** Stable (module level): a new function would mean a new part. */
  load: () => Promise<{ default: ComponentType }>;
  after: 'page-load' | number;
}) {
  const [due, setDue] = useState(false);
  const [failed, setFailed] = useState(false);
  // React keeps a failed lazy part failed: each attempt is a new one.
  const [part, setPart] = useState(() => ({ Part: lazy(load) }));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = (ms: number) => {
      timer = setTimeout(setDue, ms, true);
    };
    const onLoad = () => {
      start(0);
    };
    if (after !== 'page-load') start(after);
    else if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('load', onLoad);
    };
  }, [after]);

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

import '../content/messages.ts';
import '../libraries.css';
import { useEffect, useRef, useState } from 'react';
import { useBlockingDialogOpen } from '../../../components/ui/blocking-dialogs.ts';
import {
  estimateStorage,
  fetchLibraryList,
  keepLibraries,
  markLibrariesDone,
  readLibraryMarker,
} from '../library-cache.ts';
import { checkStorage, downloadSize, needsLibraryUpdate } from '../library-cache-rules.ts';
import { LibrariesDialog, type StorageShortage } from './libraries-dialog.tsx';

/**
 * The essential-libraries step (spec §2 "Other screens", §4 "Library cache"; ADR 0032, ADR 0053),
 * mounted by the app 1 s after start (app.tsx, LaterPart: none of it is in a page's first
 * JavaScript). When a service worker controls the page and the stored version marker differs from
 * the current one, it reads this build's library list, checks the free space (spec §5) and has the
 * worker keep the files — quietly: a technical pop-up over a listing is not for shoppers (issue 26).
 * A failed download is tried again at the next start. Only too little space is said (spec §8), as
 * it is the one outcome the person may act on; the card waits while a modal dialog is open.
 */
export default function LibrariesHost() {
  const [shortage, setShortage] = useState<StorageShortage | null>(null);
  const dialogOpen = useBlockingDialogOpen();
  const card = useRef<HTMLElement>(null);

  useEffect(() => {
    const unmounted = new AbortController();
    const gone = () => unmounted.signal.aborted;
    void (async () => {
      // No worker in control (the first visit, or none supported): nowhere to keep the files.
      if (!('serviceWorker' in navigator)) return;
      const worker = navigator.serviceWorker.controller;
      if (!worker) return;
      if (!needsLibraryUpdate(readLibraryMarker())) return;
      const list = await fetchLibraryList();
      if (gone() || !list) return;
      if (list.length === 0) {
        markLibrariesDone();
        return;
      }
      const total = downloadSize(list);
      const storage = checkStorage(await estimateStorage(), total);
      // The browser does not say how much space is left: nothing is downloaded, nothing shown.
      if (!storage || gone()) return;
      if (!storage.sufficient) {
        // Spec §8: the cache step is skipped (for this version; a library still loads when used).
        markLibrariesDone();
        setShortage({ storage, total });
        return;
      }
      try {
        await keepLibraries(
          worker,
          list.map((file) => file.url),
          { signal: unmounted.signal },
        );
        markLibrariesDone();
      } catch {
        // Not marked: the next start tries again.
      }
    })();
    return () => {
      unmounted.abort();
    };
  }, []);

  if (!shortage || dialogOpen) return null;

  return (
    <LibrariesDialog
      ref={card}
      shortage={shortage}
      onClose={() => {
        // Focus was in the card that goes: back to the page's content, not to <body>.
        if (card.current?.contains(document.activeElement))
          document.getElementById('main')?.focus();
        setShortage(null);
      }}
    />
  );
}

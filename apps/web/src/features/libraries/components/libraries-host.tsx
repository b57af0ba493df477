import '../content/messages.ts';
import '../libraries.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryFile } from '../../../lib/library-files.ts';
import {
  estimateStorage,
  fetchLibraryList,
  keepLibraries,
  markLibrariesDone,
  readLibraryMarker,
} from '../library-cache.ts';
import { checkStorage, downloadSize, needsLibraryUpdate } from '../library-cache-rules.ts';
import { LibrariesDialog, type LibrariesStep } from './libraries-dialog.tsx';

/** The completed card closes itself after this long, unless the keyboard is in it. */
export const COMPLETED_VISIBLE_MS = 5000;

/**
 * The essential-libraries step (spec §2 "Other screens", §4 "Library cache"; ADR 0032), mounted by
 * the app 1 s after start (app.tsx, LaterPart: none of it is in a page's first JavaScript). When a
 * service worker controls the page and the stored version marker differs from the current one,
 * it reads this build's library list, checks the free space (spec §5) and has the worker keep the
 * files, showing a card: downloading, completed or failed (Try again, Skip); with too little space
 * the step is skipped and the card says so (spec §8).
 */
export default function LibrariesHost() {
  const [step, setStep] = useState<LibrariesStep | null>(null);
  const files = useRef<LibraryFile[]>([]);
  const running = useRef<AbortController | null>(null);
  const card = useRef<HTMLElement>(null);

  const download = useCallback(async () => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return;
    const list = files.current;
    const total = downloadSize(list);
    const storage = checkStorage(await estimateStorage(), total);
    // The browser does not say how much space is left: nothing is downloaded, nothing shown.
    if (!storage) return;
    if (!storage.sufficient) {
      // Spec §8: the cache step is skipped (for this version; a library still loads when used).
      markLibrariesDone();
      setStep({ kind: 'insufficient', storage, total });
      return;
    }
    running.current?.abort();
    const cancel = new AbortController();
    running.current = cancel;
    let done = 0;
    setStep({ kind: 'downloading', storage, total, done });
    try {
      await keepLibraries(
        worker,
        list.map((file) => file.url),
        {
          signal: cancel.signal,
          onFileKept: (url) => {
            done += list.find((file) => file.url === url)?.bytes ?? 0;
            setStep({ kind: 'downloading', storage, total, done });
          },
        },
      );
      markLibrariesDone();
      setStep({ kind: 'completed', storage, total });
    } catch {
      if (!cancel.signal.aborted) setStep({ kind: 'failed', storage, total });
    }
  }, []);

  useEffect(() => {
    const unmounted = new AbortController();
    void (async () => {
      // No worker in control (the first visit, or none supported): nowhere to keep the files.
      if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
      if (!needsLibraryUpdate(readLibraryMarker())) return;
      const list = await fetchLibraryList();
      if (unmounted.signal.aborted || !list) return;
      if (list.length === 0) {
        markLibrariesDone();
        return;
      }
      files.current = list;
      await download();
    })();
    return () => {
      unmounted.abort();
      running.current?.abort();
    };
  }, [download]);

  const completed = step?.kind === 'completed';
  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => {
      // A keyboard user who went into the card closes it themselves.
      if (!card.current?.contains(document.activeElement)) setStep(null);
    }, COMPLETED_VISIBLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [completed]);

  if (!step) return null;

  const close = () => {
    // Focus was in the card that goes: back to the page's content, not to <body>.
    if (card.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    setStep(null);
  };

  return (
    <LibrariesDialog
      ref={card}
      step={step}
      onRetry={() => void download()}
      onSkip={() => {
        running.current?.abort();
        markLibrariesDone();
        close();
      }}
      onClose={close}
    />
  );
}

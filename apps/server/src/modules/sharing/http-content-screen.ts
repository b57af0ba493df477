import { screenCategories } from '@shop/contracts/sharing';
import { prepareNote, type ContentScreen, type ScreenCategory } from './content-screen.ts';

const TIMEOUT_MS = 5_000;

/**
 * A moderation service in place of the local screen (CONTENT_SCREEN_URL, ADR 0029): the note is
 * POSTed as `{ text }` (already in Unicode: prepareNote ran first) and the
 * service answers `{ ok: true }` or `{ ok: false, category }` with one of the spec's categories.
 * Anything else — an error status, a timeout, an unknown category — throws, and the share call
 * answers 503 "Note validation failed. Please try again.": a note is never let through unchecked.
 */
export function createHttpContentScreen(options: {
  url: string;
  timeoutMs?: number;
}): ContentScreen {
  return {
    async screen(note) {
      // Characters no service should be trusted to judge (bidi overrides…) are refused here.
      const prepared = prepareNote(note);
      if (!prepared.ok) return prepared;
      const { text } = prepared;
      if (text === '') return { ok: true, text };
      const answer = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
      if (!answer.ok) throw new Error(`content screen answered ${answer.status}`);
      const verdict = (await answer.json()) as { ok?: unknown; category?: unknown };
      if (verdict.ok === true) return { ok: true, text };
      if (
        verdict.ok === false &&
        (screenCategories as readonly unknown[]).includes(verdict.category)
      )
        return { ok: false, category: verdict.category as ScreenCategory };
      throw new Error('content screen answered an unknown verdict');
    },
  };
}

import type { Language } from '@shop/contracts/i18n';
import { screenCategoryTexts, shareMessages } from '@shop/contracts/sharing';
import { AppError } from '../../platform/errors.ts';
import type { ContentScreen } from './content-screen.ts';

/**
 * A note a stranger will read (a gift link's note or custom type, a "top me up" request's note)
 * as it will be stored, or the screen's refusal as a 400 (503 when the screen cannot tell).
 */
export async function screenedNote(
  screen: ContentScreen,
  note: string,
  lang: Language,
): Promise<string> {
  const verdict = await screen.screen(note).catch((err: unknown) => {
    throw new AppError('SERVICE_UNAVAILABLE', shareMessages.noteValidationFailed, undefined, {
      retryAfterSeconds: 5,
      cause: err,
    });
  });
  if (verdict.ok) return verdict.text;
  const message =
    verdict.category === 'inappropriate_characters'
      ? shareMessages.inappropriateCharacters
      : shareMessages.inappropriateContent;
  throw new AppError('VALIDATION_ERROR', message[lang], {
    note: screenCategoryTexts[verdict.category][lang],
  });
}

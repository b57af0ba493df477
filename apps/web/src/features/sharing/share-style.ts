import type { Language } from '@shop/contracts/languages';
import { isBuiltInShareType } from '@shop/contracts/share-types';
import type { ShareStyle, ShareType } from '@shop/contracts/sharing';
import type { TFunction } from '../../lib/translator.ts';
import type { CSSProperties } from 'react';

const COLOUR = /^#[0-9a-f]{6}$/i;
const safe = (colour: string | undefined, fallback: string) =>
  colour !== undefined && COLOUR.test(colour) ? colour : fallback;

/**
 * A share type's look as CSS custom properties, for a style attribute (the CSP allows style
 * attributes, not <style> elements; ADR 0027). The contract allows only #rrggbb colours; they are
 * checked again here because whatever goes into a style attribute must never be more than a colour.
 */
export function shareStyleVariables(style: ShareStyle): CSSProperties {
  return {
    '--share-primary': safe(style.primaryColor, '#0b2a5b'),
    '--share-secondary': safe(style.secondaryColor, '#f5a623'),
    '--share-text': safe(style.textColor, '#ffffff'),
    '--share-from': safe(style.gradient[0], '#0b2a5b'),
    '--share-to': safe(style.gradient[1], '#1d4ed8'),
  } as CSSProperties;
}

/** A type's name on screen: the built-ins translated, the user's own as they wrote them. */
export function shareTypeName(type: Pick<ShareType, 'title' | 'builtIn'>, t: TFunction): string {
  return type.builtIn && isBuiltInShareType(type.title)
    ? t(`sharing.types.${type.title}`)
    : type.title;
}

/** The style's greeting in the page's language; '' when it has none (the caller has a default). */
export const greetingOf = (style: ShareStyle, language: Language) =>
  style.greeting[language].trim();

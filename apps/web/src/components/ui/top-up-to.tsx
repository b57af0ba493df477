import { formatRecipientNumber, topUpToText, type OperatorCode } from '@shop/contracts/phone';
import { currentLanguage } from '../../lib/i18n.ts';
import { Code, CODE_SLOT } from './code-in-text.tsx';

/**
 * "Top-up to 09 421 234 567 (MPT)" in the page's language (checkout, payment modal, success
 * screen, order page), the number marked as a code that keeps its Latin digits (ADR 0023).
 */
export function TopUpTo({
  phoneNumber,
  operator,
}: {
  phoneNumber: string;
  operator: OperatorCode | null;
}) {
  const number = formatRecipientNumber(phoneNumber);
  const text = topUpToText(phoneNumber, operator, currentLanguage()).replace(number, CODE_SLOT);
  return <Code text={text}>{number}</Code>;
}

import { formatRecipientNumber, normalizePhone, operatorNames } from '@shop/contracts/phone';
import type { RecipientProduct, SavedRecipient } from '@shop/contracts/recipients';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { localDigits } from '@shop/contracts/languages';
import { cartBadge, loadCartController } from '../../cart/index.ts';
import { rememberListingPhone } from '../../catalogue/index.ts';
import { recipientsApi, useInvalidateRecipients } from '../api/recipients-api.ts';

/** One saved number on /recipients: who, what they get, the reminder, and what to do. */
export function RecipientCard({
  recipient,
  onEdit,
  onDelete,
}: {
  recipient: SavedRecipient;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `recipient-${recipient.id}`;
  return (
    <li className="recipient-card" data-testid="recipient-card" aria-labelledby={headingId}>
      <div className="recipient-card__head">
        <h2 id={headingId} className="recipient-card__name">
          {recipient.name}
        </h2>
        <span className="recipient-card__number">
          <Code>{formatRecipientNumber(recipient.phoneNumber)}</Code> ·{' '}
          <span data-operator={recipient.operator}>{operatorNames[recipient.operator]}</span>
        </span>
      </div>
      <RecipientFacts recipient={recipient} />
      <RecipientActions recipient={recipient} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}

/** The usual product, the last top-up and the reminder (on, or stopped), each when there is one. */
function RecipientFacts({ recipient }: { recipient: SavedRecipient }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { lastOrder, usualProduct } = recipient;
  return (
    <>
      {usualProduct ? (
        <p className="recipient-card__fact" data-testid="recipient-usual">
          <UsualLine product={usualProduct} />
        </p>
      ) : null}
      {lastOrder ? (
        <p className="recipient-card__fact" data-testid="recipient-last">
          {t('recipients.last', {
            date: formatDate(lastOrder.createdAt, language),
            product: lastOrder.product.name,
            quantity: localDigits(String(lastOrder.quantity), language),
          })}
        </p>
      ) : null}
      {recipient.reminder ? (
        <p
          className="recipient-card__fact recipient-card__reminder"
          data-testid="recipient-reminder"
        >
          {t('recipients.reminder.on', {
            days: localDigits(String(recipient.reminder.everyDays), language),
            date: formatDate(recipient.reminder.nextAt, language, { style: 'medium' }),
          })}
        </p>
      ) : recipient.reminderStoppedAt ? (
        <p
          className="recipient-card__fact recipient-card__stopped"
          data-testid="recipient-reminder-stopped"
        >
          {t('recipients.reminder.stopped', {
            date: formatDate(recipient.reminderStoppedAt, language, { style: 'medium' }),
          })}
        </p>
      ) : null}
    </>
  );
}

/** "Usual: MPT Top-up 3,000 Ks · 3,000 Ks", or its name and "not available now". */
function UsualLine({ product }: { product: RecipientProduct }) {
  const { t } = useTranslation();
  return product.available
    ? t('recipients.usual', {
        product: product.name,
        price: formatKyat(product.price, currentLanguage()),
      })
    : `${t('recipients.form.usual')}: ${product.name} (${t('recipients.notAvailable')})`;
}

/** The card's buttons: buy (again, the usual, choose), the reminder, edit and delete. */
function RecipientActions({
  recipient,
  onEdit,
  onDelete,
}: {
  recipient: SavedRecipient;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { busy, buy, turnOff } = useRecipientActions(recipient);
  const { lastOrder, usualProduct } = recipient;
  return (
    <div className="recipient-card__actions">
      {lastOrder?.product.available ? (
        <Button
          busy={busy === 'again'}
          data-testid="recipient-top-up-again"
          onClick={() => void buy('again', lastOrder.product, lastOrder.quantity)}
        >
          {t('recipients.topUpAgain')}
        </Button>
      ) : null}
      {usualProduct?.available && (!lastOrder || lastOrder.product.id !== usualProduct.id) ? (
        <Button
          variant={lastOrder?.product.available ? 'secondary' : 'primary'}
          busy={busy === 'usual'}
          data-testid="recipient-buy-usual"
          onClick={() => void buy('usual', usualProduct, 1)}
        >
          {t('recipients.buyUsual')}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        data-testid="recipient-choose"
        onClick={() => {
          rememberListingPhone(normalizePhone(recipient.phoneNumber) ?? recipient.phoneNumber);
          navigate(`/product/mobile-topup?operator=${recipient.operator}`);
        }}
      >
        {t('recipients.chooseProduct')}
      </Button>
      {recipient.reminder ? (
        <Button
          variant="ghost"
          busy={busy === 'remind'}
          aria-label={t('recipients.reminder.turnOffLabel', { name: recipient.name })}
          data-testid="recipient-reminder-off"
          onClick={() => void turnOff()}
        >
          {t('recipients.reminder.turnOff')}
        </Button>
      ) : recipient.reminderStoppedAt ? (
        <Button variant="secondary" data-testid="recipient-reminder-again" onClick={onEdit}>
          {t('recipients.reminder.turnOnAgain')}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        aria-label={t('recipients.editLabel', { name: recipient.name })}
        data-testid="recipient-edit"
        onClick={onEdit}
      >
        {t('recipients.edit')}
      </Button>
      <Button
        variant="ghost"
        aria-label={t('recipients.deleteLabel', { name: recipient.name })}
        data-testid="recipient-delete"
        onClick={onDelete}
      >
        {t('recipients.delete')}
      </Button>
    </div>
  );
}

/** The card's two actions that wait on the shop (buying, turning the reminder off), one at a time. */
function useRecipientActions(recipient: SavedRecipient) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'again' | 'usual' | 'remind' | null>(null);
  const invalidate = useInvalidateRecipients();

  /** Puts the product in the cart for this number and opens the cart. */
  const buy = async (which: 'again' | 'usual', product: RecipientProduct, quantity: number) => {
    setBusy(which);
    const cart = await loadCartController().catch(() => null);
    const added = cart ? await cart.add(product.id, quantity, recipient.phoneNumber) : false;
    setBusy(null);
    if (added) cartBadge.openDrawer();
    else toast.error(t('recipients.addFailed'));
  };

  const turnOff = async () => {
    setBusy('remind');
    try {
      await recipientsApi.update(recipient.id, { remindEveryDays: null });
      toast.success(t('recipients.reminder.turnedOff'));
      await invalidate();
    } catch (caught) {
      toast.error(errorMessageOr(caught, t('recipients.reminder.offFailed')));
    } finally {
      setBusy(null);
    }
  };
  return { busy, buy, turnOff };
}

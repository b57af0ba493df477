import '../content/lazy-messages.ts';
import '../recipients.css';
import { formatRecipientNumber, normalizePhone, operatorNames } from '@shop/contracts/phone';
import {
  readyCartLine,
  RECIPIENTS_PER_ACCOUNT_MAX,
  type RecipientProduct,
  type SavedRecipient,
} from '@shop/contracts/recipients';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { PageTitle } from '../../../lib/page-title.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { localDigits } from '@shop/contracts/languages';
import { useAuth } from '../../auth/index.ts';
import { cartBadge, loadCartController } from '../../cart/index.ts';
import { rememberListingPhone } from '../../catalogue/index.ts';
import { recipientsApi, useInvalidateRecipients, useRecipients } from '../api/recipients-api.ts';
import { RecipientDialog } from './recipient-dialog.tsx';

/** The saved number a reminder's link (?topUp=id) asks to fill the cart for (ADR 0079). */
const topUpOf = (search: string) => new URLSearchParams(search).get('topUp');

/**
 * /recipients (issue 31, "a family abroad"): the customer's saved numbers — add, edit, delete;
 * "Top up again" puts the last paid line to the number back in the cart, "Buy the usual" the
 * usual product, "Choose a product" opens the number's listing with the number filled in.
 * A reminder's link, /recipients?topUp=id, fills the cart for that number and opens it (after
 * signing in, for a signed-out opener).
 */
export default function RecipientsPage() {
  const { t } = useTranslation();
  const { status, openAuthDialog } = useAuth();
  const topUp = topUpOf(useSearch());
  // A reminder's link opened signed out: the login comes first, once.
  const askedLogin = useRef(false);
  useEffect(() => {
    if (status !== 'unauthenticated' || !topUp || askedLogin.current) return;
    askedLogin.current = true;
    openAuthDialog('login', { onSuccess: () => undefined });
  }, [status, topUp, openAuthDialog]);
  return (
    <div className="page recipients-page">
      <PageTitle title={t('recipients.title')} />
      <h1>{t('recipients.title')}</h1>
      {status === 'loading' ? (
        <p className="recipients-state" role="status">
          <Spinner /> {t('recipients.loading')}
        </p>
      ) : status === 'unauthenticated' ? (
        <div className="recipients-state">
          <p>{topUp ? t('recipients.reminder.loginFirst') : t('recipients.loginToView')}</p>
          <Button
            onClick={() => {
              openAuthDialog('login', { onSuccess: () => undefined });
            }}
          >
            {t('recipients.login')}
          </Button>
        </div>
      ) : (
        <RecipientList />
      )}
    </div>
  );
}

/** Which dialog is open: the form (for a new number or one to edit) or the delete question. */
type Open =
  | { kind: 'form'; recipient: SavedRecipient | null }
  | { kind: 'delete'; recipient: SavedRecipient }
  | null;

function RecipientList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useRecipients();
  const invalidate = useInvalidateRecipients();
  const [open, setOpen] = useState<Open>(null);
  const recipients = query.data ?? [];
  const full = recipients.length >= RECIPIENTS_PER_ACCOUNT_MAX;
  const readyCartNotice = useReadyCart(query.data);

  if (query.isPending) {
    return (
      <p className="recipients-state" role="status">
        <Spinner /> {t('recipients.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="recipients-state" role="alert">
        <p>{errorMessageOr(query.error, t('recipients.loadFailed'))}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('recipients.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {readyCartNotice ? (
        <p className="recipients-notice" role="status" data-testid="recipients-ready-notice">
          {readyCartNotice}
        </p>
      ) : null}
      <p className="recipients-intro">{t('recipients.intro')}</p>
      <div className="recipients-toolbar">
        <Button
          data-testid="recipient-add"
          disabled={full}
          onClick={() => {
            setOpen({ kind: 'form', recipient: null });
          }}
        >
          {t('recipients.add')}
        </Button>
        <span className="recipients-count" data-testid="recipient-count">
          {t('recipients.count', {
            saved: localDigits(String(recipients.length), language),
            max: localDigits(String(RECIPIENTS_PER_ACCOUNT_MAX), language),
          })}
        </span>
      </div>
      {recipients.length === 0 ? (
        <p className="recipients-empty" data-testid="recipients-empty">
          {t('recipients.empty')}
        </p>
      ) : (
        <ul className="recipients-list">
          {recipients.map((recipient) => (
            <RecipientCard
              key={recipient.id}
              recipient={recipient}
              onEdit={() => {
                setOpen({ kind: 'form', recipient });
              }}
              onDelete={() => {
                setOpen({ kind: 'delete', recipient });
              }}
            />
          ))}
        </ul>
      )}
      {open?.kind === 'form' ? (
        <RecipientDialog
          recipient={open.recipient}
          onClose={() => {
            setOpen(null);
          }}
          onSaved={() => {
            setOpen(null);
            void invalidate();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('recipients.remove.title')}
          description={t('recipients.remove.text', {
            name: open.recipient.name,
            phone: formatRecipientNumber(open.recipient.phoneNumber),
          })}
          keep={t('recipients.remove.cancel')}
          confirm={t('recipients.remove.confirm')}
          failed={t('recipients.remove.failed')}
          act={() => recipientsApi.remove(open.recipient.id)}
          confirmTestId="recipient-delete-yes"
          onClose={() => {
            setOpen(null);
          }}
          onDone={() => {
            setOpen(null);
            void invalidate();
          }}
        />
      ) : null}
    </>
  );
}

function RecipientCard({
  recipient,
  onEdit,
  onDelete,
}: {
  recipient: SavedRecipient;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<'again' | 'usual' | 'remind' | null>(null);
  const invalidate = useInvalidateRecipients();
  const { lastOrder, usualProduct } = recipient;
  const headingId = `recipient-${recipient.id}`;

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
    </li>
  );
}

/**
 * A reminder's link (?topUp=id) once the list is read: the ready line (readyCartLine, the one the
 * reminder named) goes into the cart unless the cart has it already, the cart opens, and the link
 * leaves the address (a reload does not add it again). Answers what to tell when it cannot.
 */
function useReadyCart(recipients: SavedRecipient[] | undefined): string | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const topUp = topUpOf(useSearch());
  const [notice, setNotice] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!topUp || !recipients || handled.current === topUp) return;
    handled.current = topUp;
    navigate('/recipients', { replace: true });
    const recipient = recipients.find((r) => r.id === topUp);
    // The notice is told once the cart has answered (or at once when there is nothing to add).
    const fill = async (): Promise<string | null> => {
      if (!recipient) return t('recipients.reminder.notFound');
      const line = readyCartLine(recipient);
      if (!line?.product.available)
        return t('recipients.reminder.nothingToBuy', { name: recipient.name });
      const cart = await loadCartController().catch(() => null);
      if (!cart) return t('recipients.addFailed');
      await cart.load({ quiet: true });
      const inCart = cart
        .getState()
        .cart?.items.some(
          (item) =>
            item.productId === line.product.id && item.phoneNumber === recipient.phoneNumber,
        );
      const added =
        inCart || (await cart.add(line.product.id, line.quantity, recipient.phoneNumber));
      if (!added) return t('recipients.addFailed');
      cartBadge.openDrawer();
      return t('recipients.reminder.ready', { name: recipient.name });
    };
    void fill().then(setNotice);
  }, [topUp, recipients, navigate, t]);
  return notice;
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

import '../content/lazy-messages.ts';
import '../recipients.css';
import { formatRecipientNumber } from '@shop/contracts/phone';
import {
  readyCartLine,
  RECIPIENTS_PER_ACCOUNT_MAX,
  type SavedRecipient,
} from '@shop/contracts/recipients';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { PageTitle } from '../../../lib/page-title.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { localDigits } from '@shop/contracts/languages';
import { useAuth } from '../../auth/index.ts';
import { cartBadge, loadCartController } from '../../cart/index.ts';
import { recipientsApi, useInvalidateRecipients, useRecipients } from '../api/recipients-api.ts';
import { RecipientCard } from './recipient-card.tsx';
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

/** The saved numbers, the add button and count, and the dialog open on them. */
function RecipientList() {
  const { t } = useTranslation();
  const query = useRecipients();
  const [open, setOpen] = useState<Open>(null);
  const recipients = query.data ?? [];
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
      <RecipientsToolbar
        saved={recipients.length}
        onAdd={() => {
          setOpen({ kind: 'form', recipient: null });
        }}
      />
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
      <RecipientListDialog
        open={open}
        onClose={() => {
          setOpen(null);
        }}
      />
    </>
  );
}

/** "Add a number" (off when the account has the most it may) and "n of max saved". */
function RecipientsToolbar({ saved, onAdd }: { saved: number; onAdd: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="recipients-toolbar">
      <Button
        data-testid="recipient-add"
        disabled={saved >= RECIPIENTS_PER_ACCOUNT_MAX}
        onClick={onAdd}
      >
        {t('recipients.add')}
      </Button>
      <span className="recipients-count" data-testid="recipient-count">
        {t('recipients.count', {
          saved: localDigits(String(saved), language),
          max: localDigits(String(RECIPIENTS_PER_ACCOUNT_MAX), language),
        })}
      </span>
    </div>
  );
}

/** The open dialog: the number's form, or "Delete this number?"; either done reads the list again. */
function RecipientListDialog({ open, onClose }: { open: Open; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateRecipients();
  const done = () => {
    onClose();
    void invalidate();
  };
  if (open?.kind === 'form') {
    return <RecipientDialog recipient={open.recipient} onClose={onClose} onSaved={done} />;
  }
  if (open?.kind === 'delete') {
    return (
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
        onClose={onClose}
        onDone={done}
      />
    );
  }
  return null;
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

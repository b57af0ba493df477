import type { Order } from '@shop/contracts/orders';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { EmailInput, FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { readCodesEmail } from '../../../lib/codes-email.ts';
import { ordersApi } from '../api/orders-api.ts';

/**
 * Where the order's codes were e-mailed (issue 26, ADR 0050) — in full, it is the buyer's own
 * page — and, once cards are delivered, "Send the codes again" to that address or another, which
 * then becomes the order's.
 */
export function CodesEmail({ order, onSent }: { order: Order; onSent: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // Sent or cancelled, the form goes: the focus goes back to "Send the codes again", which opened
  // it (not to the page's top, where a keyboard or screen-reader user would have to start over).
  const returnFocus = useRef(false);
  const delivered = order.items.some((item) => item.cards.length > 0);
  const email = order.email ?? '';
  return (
    <section className="order-section" aria-labelledby="order-codes-email">
      <h2 id="order-codes-email">{t('orders.detail.codesEmail.title')}</h2>
      <p className="order-codes-email" data-testid="codes-email">
        <Code
          text={t(
            delivered ? 'orders.detail.codesEmail.sentTo' : 'orders.detail.codesEmail.willGoTo',
            { email: CODE_SLOT },
          )}
        >
          {email}
        </Code>
      </p>
      {!delivered ? null : editing ? (
        <ResendForm
          order={order}
          onDone={(sent) => {
            returnFocus.current = true;
            setEditing(false);
            if (sent) onSent();
          }}
        />
      ) : (
        <Button
          ref={(button) => {
            if (button && returnFocus.current) {
              returnFocus.current = false;
              button.focus();
            }
          }}
          variant="secondary"
          data-testid="codes-resend-open"
          onClick={() => {
            setEditing(true);
          }}
        >
          {t('orders.detail.codesEmail.sendAgain')}
        </Button>
      )}
    </section>
  );
}

/** The address to send to (the order's, changeable), Send and Cancel. */
function ResendForm({ order, onDone }: { order: Order; onDone: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(order.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setAttempt((n) => n + 1);
    const read = readCodesEmail(value);
    setError(read.error);
    if (read.email === null) return;
    setSending(true);
    try {
      const answer = await ordersApi.resendCodes(order.orderId, { email: read.email });
      toast.success(answer.message);
      onDone(true);
    } catch (caught) {
      const refusal = caught instanceof ApiError ? caught.fields?.email : undefined;
      setError(refusal ?? errorMessageOr(caught, t('orders.detail.codesEmail.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="order-codes-resend"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <FormField
        id={id}
        label={t('orders.detail.codesEmail.label')}
        error={error}
        attempt={attempt}
        hint={t('orders.detail.codesEmail.hint')}
      >
        <EmailInput
          id={id}
          error={error}
          value={value}
          testId="codes-resend-email"
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
        />
      </FormField>
      <div className="order-actions">
        <Button
          type="submit"
          busy={sending}
          busyLabel={t('orders.detail.codesEmail.sending')}
          data-testid="codes-resend-send"
        >
          {t('orders.detail.codesEmail.send')}
        </Button>
        <Button
          variant="ghost"
          disabled={sending}
          onClick={() => {
            onDone(false);
          }}
        >
          {t('orders.detail.codesEmail.cancel')}
        </Button>
      </div>
    </form>
  );
}

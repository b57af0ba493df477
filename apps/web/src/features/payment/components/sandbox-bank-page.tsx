import '../content/lazy-messages.ts';
import '../payment.css';
import type { SandboxPayResponse } from '@shop/contracts/payments';
import { useId, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../catalogue/money-format.ts';
import { paymentApi } from '../api/payment-api.ts';

/**
 * Reads the QR code in an uploaded image (a screenshot or the saved QR of the payment modal) with
 * jsQR: the browser's own BarcodeDetector is missing from desktop Chromium on Linux and Firefox.
 */
async function decodeQrImage(file: File): Promise<string | null> {
  const [{ default: jsQR }, bitmap] = await Promise.all([import('jsqr'), createImageBitmap(file)]);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0);
  const image = context.getImageData(0, 0, bitmap.width, bitmap.height);
  return jsQR(image.data, image.width, image.height)?.data ?? null;
}

/**
 * /sandbox/bank: a stand-in for the customer's wallet app. The pasted (or scanned) MM QR payload
 * goes to POST /api/v1/sandbox/bank/pay, which checks it and sends the signed webhook to the shop.
 */
export default function SandboxBankPage() {
  const { t } = useTranslation();
  const payloadId = useId();
  const uploadId = useId();
  const [payload, setPayload] = useState('');
  const [outcome, setOutcome] = useState<'paid' | 'failed'>('paid');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SandboxPayResponse['data'] | null>(null);

  const readImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const value = await decodeQrImage(file);
      if (value) setPayload(value);
      else setError(t('payment.sandbox.uploadFailed'));
    } catch {
      setError(t('payment.sandbox.uploadFailed'));
    }
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setResult(null);
    const qrPayload = payload.trim();
    if (!qrPayload) {
      setError(t('payment.sandbox.payloadRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await paymentApi.sandboxPay({ qrPayload, outcome });
      setResult(data);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page sandbox-bank">
      <h1>{t('payment.sandbox.title')}</h1>
      <p>{t('payment.sandbox.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="sandbox-bank__field">
          <label htmlFor={payloadId}>{t('payment.sandbox.payload')}</label>
          <textarea
            id={payloadId}
            value={payload}
            spellCheck={false}
            data-testid="sandbox-payload"
            onChange={(event) => {
              setPayload(event.target.value);
            }}
          />
        </div>
        <div className="sandbox-bank__field">
          <label htmlFor={uploadId}>{t('payment.sandbox.upload')}</label>
          <input
            id={uploadId}
            type="file"
            accept="image/*"
            data-testid="sandbox-upload"
            onChange={(event) => void readImage(event)}
          />
        </div>
        <fieldset>
          <legend>{t('payment.sandbox.outcome')}</legend>
          <label>
            <input
              type="radio"
              name="outcome"
              checked={outcome === 'paid'}
              onChange={() => {
                setOutcome('paid');
              }}
            />{' '}
            {t('payment.sandbox.outcomePaid')}
          </label>
          <label>
            <input
              type="radio"
              name="outcome"
              checked={outcome === 'failed'}
              onChange={() => {
                setOutcome('failed');
              }}
            />{' '}
            {t('payment.sandbox.outcomeFailed')}
          </label>
        </fieldset>
        {error ? (
          <p className="sandbox-bank__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy} busyLabel={t('payment.sandbox.submitting')}>
          {t('payment.sandbox.submit')}
        </Button>
      </form>
      {result ? (
        <div className="sandbox-bank__result" role="status" data-testid="sandbox-result">
          <p>
            {result.outcome === 'paid'
              ? t('payment.sandbox.resultPaid', {
                  amount: formatKyat(result.amount, currentLanguage()),
                  merchant: result.merchantName,
                  order: result.orderNumber,
                })
              : t('payment.sandbox.resultFailed', { order: result.orderNumber })}
          </p>
          <p>{t('payment.sandbox.webhook', { status: result.webhookStatus })}</p>
        </div>
      ) : null}
    </div>
  );
}

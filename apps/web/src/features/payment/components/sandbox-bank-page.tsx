import '../content/lazy-messages.ts';
import '../payment.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  QR_PAYLOAD_MAX_LENGTH,
  qrPayloadSchema,
  sandboxOutcomes,
  type SandboxPayResponse,
} from '@shop/contracts/payments';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formMessage } from '../../../lib/form-messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { paymentApi } from '../api/payment-api.ts';
import { PageTitle } from '../../../lib/page-title.tsx';

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
 * The sandbox bank's form (ADR 0018): the pay request's own payload and outcome rules, and what
 * only the form says (an empty or over-long paste, in the page's language).
 */
const sandboxFormSchema = z.object({
  qrPayload: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'payment.sandbox.payloadRequired' }),
        z.maxLength(QR_PAYLOAD_MAX_LENGTH, { error: 'payment.sandbox.payloadTooLong' }),
      ),
    qrPayloadSchema,
  ),
  outcome: z.enum(sandboxOutcomes),
});
type SandboxFormValues = z.input<typeof sandboxFormSchema>;
type SandboxForm = UseFormReturn<SandboxFormValues, unknown, z.output<typeof sandboxFormSchema>>;

/** Puts an uploaded QR image's payload in the field; an unreadable image is the upload's error. */
async function fillPayloadFromImage(form: SandboxForm, file: File | undefined) {
  if (!file) return;
  form.clearErrors();
  const failed = () => {
    form.setError('root.upload', { message: 'payment.sandbox.uploadFailed' });
  };
  try {
    const value = await decodeQrImage(file);
    if (value) form.setValue('qrPayload', value);
    else failed();
  } catch {
    failed();
  }
}

/**
 * /sandbox/bank: a stand-in for the customer's wallet app. The pasted (or scanned) MM QR payload
 * goes to POST /api/v1/sandbox/bank/pay, which checks it and sends the signed webhook to the shop.
 */
export default function SandboxBankPage() {
  const { t, i18n } = useTranslation();
  const payloadId = useId();
  const uploadId = useId();
  const form = useForm<SandboxFormValues, unknown, z.output<typeof sandboxFormSchema>>({
    resolver: zodResolver(sandboxFormSchema),
    defaultValues: { qrPayload: '', outcome: 'paid' },
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const [result, setResult] = useState<SandboxPayResponse['data'] | null>(null);

  const submit = form.handleSubmit(async (request) => {
    try {
      const { data } = await paymentApi.sandboxPay(request);
      setResult(data);
    } catch (caught) {
      form.setError('root.server', {
        message: caught instanceof ApiError ? caught.message : String(caught),
      });
    }
  });
  const payloadError = errors.qrPayload?.message;
  const uploadError = errors.root?.upload?.message;
  const serverError = errors.root?.server?.message;

  return (
    <div className="page sandbox-bank">
      <PageTitle title={t('payment.sandbox.title')} />
      <h1>{t('payment.sandbox.title')}</h1>
      <p>{t('payment.sandbox.intro')}</p>
      <form
        onSubmit={(event) => {
          // A new attempt: the last answer goes, whatever this one's fate.
          setResult(null);
          void submit(event);
        }}
        noValidate
      >
        <FormField
          id={payloadId}
          label={t('payment.sandbox.payload')}
          error={payloadError}
          attempt={submitCount}
        >
          <textarea
            {...form.register('qrPayload')}
            {...fieldAria(payloadId, payloadError)}
            spellCheck={false}
            data-testid="sandbox-payload"
          />
        </FormField>
        <FormField id={uploadId} label={t('payment.sandbox.upload')} error={uploadError}>
          <input
            {...fieldAria(uploadId, uploadError)}
            type="file"
            accept="image/*"
            data-testid="sandbox-upload"
            onChange={(event) => void fillPayloadFromImage(form, event.target.files?.[0])}
          />
        </FormField>
        <OutcomeChoice register={form.register} />
        {serverError ? (
          <p className="sandbox-bank__error" role="alert">
            {formMessage(i18n, serverError)}
          </p>
        ) : null}
        <Button type="submit" busy={isSubmitting} busyLabel={t('payment.sandbox.submitting')}>
          {t('payment.sandbox.submit')}
        </Button>
      </form>
      {result ? <SandboxResult result={result} /> : null}
    </div>
  );
}

/** What the bank is to answer: paid, or failed. */
function OutcomeChoice({ register }: { register: SandboxForm['register'] }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('payment.sandbox.outcome')}</legend>
      <label>
        <input {...register('outcome')} type="radio" value="paid" />{' '}
        {t('payment.sandbox.outcomePaid')}
      </label>
      <label>
        <input {...register('outcome')} type="radio" value="failed" />{' '}
        {t('payment.sandbox.outcomeFailed')}
      </label>
    </fieldset>
  );
}

/** The bank's answer: paid (how much, to whom, for which order) or failed; the webhook's status. */
function SandboxResult({ result }: { result: SandboxPayResponse['data'] }) {
  const { t } = useTranslation();
  return (
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
  );
}

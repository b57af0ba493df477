import '../content/lazy-messages.ts';
import '../sharing.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { shareSchemaMessages } from '@shop/contracts/share-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import { shareRequestSchema, type ShareRequest } from '@shop/contracts/sharing';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { ShareLinkResult, ShareValues } from './share-dialog-form.ts';
import { ShareLinkView } from './share-link-view.tsx';
import { NoteStep } from './share-note-step.tsx';
import { TypeStep } from './share-type-step.tsx';

export type { ShareLinkResult } from './share-dialog-form.ts';

// The share schemas' messages (note, title) in Burmese too, in this dialog's chunk only.
addValidationMessages(shareSchemaMessages);

type Step = 'type' | 'note' | 'link';

/**
 * The share dialog (spec §2 "Orders": share; §4 "Share link"): 1. choose a share type (the
 * built-ins, the user's own, create one with an AI style), 2. write a note and create the link,
 * 3. send the link. Opened on an order with a live link, it starts at 3 with that link.
 */
export default function ShareDialog({
  orderId,
  existing,
  onClose,
  onShared,
}: {
  orderId: string;
  existing: ShareLinkResult | null;
  onClose: () => void;
  /** A link was made: the order (and its `share`) changed. */
  onShared: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(existing ? 'link' : 'type');
  const [link, setLink] = useState<ShareLinkResult | null>(existing);
  const form = useForm<ShareValues, unknown, ShareRequest>({
    resolver: zodResolver(shareRequestSchema),
    defaultValues: { type: 'gift', note: '' },
  });
  const body = useFocusOnStepChange(step);
  const stepNumber = step === 'type' ? 1 : step === 'note' ? 2 : 3;
  const titles: Record<Step, string> = {
    type: t('sharing.dialog.typeStep'),
    note: t('sharing.dialog.noteStep'),
    link: t('sharing.dialog.linkStep'),
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('sharing.dialog.title')}
      description={
        existing && step === 'link'
          ? titles.link
          : `${t('sharing.dialog.step', { step: stepNumber, steps: 3 })} · ${titles[step]}`
      }
      className="share-dialog"
    >
      <div ref={body} tabIndex={-1} data-testid="share-dialog" data-step={step}>
        {step === 'type' ? (
          <TypeStep
            form={form}
            onNext={() => {
              void form.trigger('type').then((valid) => {
                if (valid) setStep('note');
              });
            }}
          />
        ) : step === 'note' ? (
          <NoteStep
            form={form}
            orderId={orderId}
            onBack={() => {
              setStep('type');
            }}
            onLink={(result) => {
              setLink(result);
              setStep('link');
              onShared();
            }}
          />
        ) : link ? (
          <LinkStep link={link} onDone={onClose} />
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * A new step replaces the content the focus was in: move it to the step's first control (the
 * note, Done) or, without one, to the step itself, so keyboard and screen-reader users follow.
 * Returns the ref for the steps' container; the first step keeps the dialog's own focus.
 */
function useFocusOnStepChange(step: Step) {
  const body = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const container = body.current;
    (container?.querySelector<HTMLElement>('[data-autofocus]') ?? container)?.focus();
  }, [step]);
  return body;
}

/** Step 3: the link to send (copy, apps, QR code), and Done. */
function LinkStep({ link, onDone }: { link: ShareLinkResult; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ShareLinkView
        url={link.url}
        status={link.message}
        testIdPrefix="share"
        qrSize={176}
        labels={{
          link: t('sharing.dialog.linkLabel'),
          copy: t('sharing.dialog.copy'),
          copied: t('sharing.dialog.copied'),
          copyFailed: t('sharing.dialog.copyFailed'),
          shareText: t('sharing.dialog.shareText'),
          group: t('sharing.dialog.sendWith'),
          share: t('sharing.dialog.webShare'),
          viber: t('sharing.dialog.viber'),
          telegram: t('sharing.dialog.telegram'),
          messenger: t('sharing.dialog.messenger'),
          qr: t('sharing.dialog.qrLabel'),
          expires: t('sharing.dialog.expires', {
            date: formatDate(link.expiresAt, currentLanguage(), {
              withTime: true,
              style: 'medium',
            }),
          }),
        }}
      />
      <div className="share-dialog__actions">
        <Button onClick={onDone} data-autofocus>
          {t('sharing.dialog.done')}
        </Button>
      </div>
    </>
  );
}

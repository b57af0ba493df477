import '../content/lazy-messages.ts';
import '../sharing.css';
import '../../../components/ui/result-box.css';
import { formatNumber, type Language } from '@shop/contracts/languages';
import type { SharedCard, SharedOrder, SharedOrderItem } from '@shop/contracts/sharing';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useParams } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { ScratchReveal } from '../../../components/ui/scratch-reveal.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatFaceValue } from '../../../lib/money-format.ts';
import { sharingApi, useSharedOrder } from '../api/sharing-api.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { greetingOf, shareStyleVariables } from '../share-style.ts';
import { PageTitle } from '../../../lib/page-title.tsx';

/**
 * /sharewith/{id}: the public shared-order page (spec §2 "Shared-order page"), for anyone with the
 * link, in the visitor's language: the greeting of the share type in its colours, who sent it,
 * the note, what the order holds (no prices), the top-ups' results and each card's PIN under a
 * scratch foil. The server renders it (app/route-data.ts), never from its page cache.
 */
export default function SharedOrderPage() {
  const { t } = useTranslation();
  const params = useParams<{ id?: string }>();
  const language = currentLanguage();
  const query = useSharedOrder(params.id ?? '', language);

  if (query.isPending) {
    return (
      <div className="page shared-page" aria-busy="true" data-testid="shared-loading">
        <PageTitle title={null} />
        <p className="visually-hidden" role="status">
          {t('sharing.page.loading')}
        </p>
        <div className="shared-skeleton shared-skeleton--hero" />
        <div className="shared-skeleton" />
        <div className="shared-skeleton" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="page shared-page">
        <PageTitle title={null} />
        <div className="shared-state" role="alert">
          <p>{t('sharing.page.fetchError')}</p>
          <Button onClick={() => void query.refetch()}>{t('sharing.page.retry')}</Button>
          <GoHome />
        </div>
      </div>
    );
  }
  if (!query.data.found) {
    return (
      <div className="page shared-page">
        <div className="shared-state" data-testid="shared-invalid">
          <PageTitle title={t('sharing.page.invalidTitle')} />
          <h1>{t('sharing.page.invalidTitle')}</h1>
          <p>{t('sharing.page.invalidText')}</p>
          <GoHome />
        </div>
      </div>
    );
  }
  return <SharedOrderView share={query.data.share} language={language} />;
}

function GoHome() {
  const { t } = useTranslation();
  return (
    <Link href="/" className="ui-button ui-button--primary">
      <span>{t('sharing.page.goHome')}</span>
    </Link>
  );
}

function SharedOrderView({ share, language }: { share: SharedOrder; language: Language }) {
  const { t } = useTranslation();
  const style = share.type.style;
  const greeting = greetingOf(style, language) || t('sharing.page.defaultGreeting');
  return (
    <div className="page shared-page" data-testid="shared-order">
      <header className="shared-hero" style={shareStyleVariables(style)}>
        <span className="shared-hero__emoji" aria-hidden="true">
          {style.emoji}
        </span>
        <PageTitle title={greeting} />
        <h1 className="shared-hero__greeting" data-testid="shared-greeting">
          {greeting}
        </h1>
        <p className="shared-hero__from" data-testid="shared-from">
          {t('sharing.page.from', { name: share.senderName })}
        </p>
      </header>
      {share.note ? (
        <figure className="shared-note">
          <figcaption className="visually-hidden">{t('sharing.page.noteLabel')}</figcaption>
          {/* The sender's words, as text (React escapes them); never HTML. */}
          <blockquote data-testid="shared-note">{share.note}</blockquote>
        </figure>
      ) : null}
      <section className="shared-section" aria-labelledby="shared-summary">
        <h2 id="shared-summary">{t('sharing.page.summary')}</h2>
        <ul className="shared-items">
          {share.order.items.map((item) => (
            <SharedItem key={item.itemId} item={item} shareId={share.shareId} language={language} />
          ))}
        </ul>
      </section>
      <p className="shared-expiry" data-testid="shared-expiry">
        {t('sharing.page.linkExpires', {
          date: formatDate(share.expiresAt, language, { withTime: true, style: 'medium' }),
        })}
      </p>
      <p className="shared-home">
        <GoHome />
      </p>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="fact-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SharedItem({
  item,
  shareId,
  language,
}: {
  item: SharedOrderItem;
  shareId: string;
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <li className="shared-item" data-testid="shared-item">
      <div className="shared-item__head">
        <strong>{item.name}</strong>
      </div>
      <dl className="shared-facts">
        <Row label={t('sharing.page.quantity')}>{formatNumber(item.quantity, language)}</Row>
        {item.phoneNumber ? (
          <Row label={t('sharing.page.number')}>
            <span translate="no">{item.phoneNumber}</span>
          </Row>
        ) : null}
      </dl>
      {item.eload ? (
        <p
          className={`ui-result-box ui-result-box--${item.eload.status}`}
          data-testid="shared-eload"
        >
          <strong>{t(`sharing.page.eload.${item.eload.status}`)}</strong>
          {item.eload.message &&
          !t(`sharing.page.eload.${item.eload.status}`).startsWith(
            item.eload.message.replace(/[.။]$/, ''),
          )
            ? ` ${item.eload.message}`
            : ''}
          {item.eload.reference ? (
            <>
              {' · '}
              <Code text={t('sharing.page.eload.reference', { reference: CODE_SLOT })}>
                {item.eload.reference}
              </Code>
            </>
          ) : null}
        </p>
      ) : null}
      {item.cards.length ? (
        <ul className="shared-cards" aria-label={t('sharing.page.cards')}>
          {item.cards.map((card) => (
            <SharedCardView key={card.cardId} card={card} shareId={shareId} language={language} />
          ))}
        </ul>
      ) : null}
      {item.instructions ? (
        <details className="shared-instructions">
          <summary>{t('sharing.page.instructions')}</summary>
          <p>{item.instructions}</p>
        </details>
      ) : null}
    </li>
  );
}

function SharedCardView({
  card,
  shareId,
  language,
}: {
  card: SharedCard;
  shareId: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState<string | null>(null);

  const reveal = async () => {
    try {
      const answer = await sharingApi.scratchShared(shareId, card.cardId);
      setPin(answer.data.pin);
      toast.success(answer.message || t('sharing.page.scratchSuccess'));
    } catch (error) {
      toast.error(errorMessageOr(error, t('sharing.page.scratchFailed')));
    }
  };

  const copy = async () => {
    if (!pin) return;
    try {
      await navigator.clipboard.writeText(pin);
      toast.success(t('sharing.page.copied'));
    } catch {
      toast.error(t('sharing.page.copyFailed'));
    }
  };

  return (
    <li className="ui-card-box">
      <dl>
        <Row label={t('sharing.page.serial')}>
          <span translate="no">{card.serialNumber}</span>
        </Row>
        <Row label={t('sharing.page.expires')}>
          {card.expiresAt
            ? formatDate(card.expiresAt, language, { style: 'medium' })
            : t('sharing.page.noExpiry')}
        </Row>
        {card.faceValue ? (
          <Row label={t('sharing.page.faceValue')}>{formatFaceValue(card.faceValue, language)}</Row>
        ) : null}
      </dl>
      <ScratchReveal
        cardId={card.cardId}
        pin={pin}
        onReveal={reveal}
        labels={{
          pin: t('sharing.page.pin'),
          hint: t('sharing.page.scratchHint'),
          reveal: t('sharing.page.reveal'),
          revealing: t('sharing.page.revealing'),
        }}
        actions={
          <Button variant="secondary" onClick={() => void copy()}>
            {t('sharing.page.copy')}
          </Button>
        }
      />
    </li>
  );
}

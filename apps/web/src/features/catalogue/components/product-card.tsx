import '../content/lazy-messages.ts';
import { needsRecipientPhone } from '@shop/contracts/phone-products';
import type { Product } from '@shop/contracts/catalogue';
import { formatNumber, type Language } from '@shop/contracts/languages';
import { validatePhone } from '@shop/contracts/phone';
import { useTranslation } from '../../../lib/use-translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { AddToCartButton } from '../../cart/index.ts';
import { ApproxPrice } from '../../currency/index.ts';
import { uploadSrcSet } from '@shop/contracts/media-variants';
import { fallBackToLogo, safeImageSource } from '../../../lib/image-source.ts';
import { formatFaceValue, formatKyat } from '../../../lib/money-format.ts';

function dataVolume(mb: number, language: Language): string {
  if (mb < 1024) return `${formatNumber(mb, language)} MB`;
  return `${formatNumber(mb / 1024, language, { maximumFractionDigits: 1 })} GB`;
}

/**
 * One product of the listing. Out-of-stock and coming-soon products are shown disabled.
 * `recipientPhone`: the number typed above the listing; a top-up or data product takes it into
 * the cart line with "Add to cart" (issue 12: the number is entered once).
 */
export function ProductCard({
  product,
  recipientPhone = '',
}: {
  product: Product;
  recipientPhone?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const unavailable = product.outOfStock || product.comingSoon;
  const statusLabel = product.comingSoon
    ? t('catalogue.product.comingSoon')
    : product.outOfStock
      ? t('catalogue.product.outOfStock')
      : null;
  const onSale = product.discountPrice !== null && product.discountPrice < product.price;
  const details: string[] = [];
  if (product.faceValue) {
    details.push(
      t('catalogue.product.faceValue', { value: formatFaceValue(product.faceValue, language) }),
    );
  }
  if (product.dataMb !== null) details.push(dataVolume(product.dataMb, language));
  if (product.validityDays !== null) {
    details.push(t('catalogue.product.validity', { count: product.validityDays }));
  }
  if (product.topupAmount !== null && product.topupAmount !== product.price) {
    details.push(
      t('catalogue.product.credit', { value: formatKyat(product.topupAmount, language) }),
    );
  }
  return (
    <article
      className={unavailable ? 'product-card product-card--unavailable' : 'product-card'}
      aria-disabled={unavailable || undefined}
      data-testid="product-card"
    >
      <div className="product-card__media">
        <img
          src={safeImageSource(product.imageUrl)}
          srcSet={uploadSrcSet(safeImageSource(product.imageUrl))}
          sizes="72px"
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          onError={fallBackToLogo}
        />
        {statusLabel ? (
          <span
            className={`product-card__status product-card__status--${product.comingSoon ? 'soon' : 'out'}`}
          >
            {statusLabel}
          </span>
        ) : null}
      </div>
      <div className="product-card__body">
        {product.operator ? (
          <span className="product-card__operator" data-operator={product.operator.code}>
            {product.operator.name}
          </span>
        ) : null}
        <h3 className="product-card__name">{product.name}</h3>
        {product.description ? (
          <p className="product-card__description">{product.description}</p>
        ) : null}
        {details.length ? <p className="product-card__details">{details.join(' · ')}</p> : null}
        <p className="product-card__price" data-testid="product-price">
          {onSale ? (
            <>
              <span className="visually-hidden">{t('catalogue.product.salePrice')}</span>
              <strong>{formatKyat(product.discountPrice ?? product.price, language)}</strong>{' '}
              <del>
                <span className="visually-hidden">{t('catalogue.product.regularPrice')}</span>
                {formatKyat(product.price, language)}
              </del>
            </>
          ) : (
            <strong>{formatKyat(product.price, language)}</strong>
          )}
          <ApproxPrice kyat={product.discountPrice ?? product.price} />
        </p>
        <AddToCartButton
          productId={product.id}
          name={product.name}
          disabled={unavailable}
          phoneNumber={
            needsRecipientPhone(product.kind) && validatePhone(recipientPhone).valid
              ? recipientPhone
              : undefined
          }
        />
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media skeleton" />
      <div className="product-card__body">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line skeleton--price" />
      </div>
    </div>
  );
}

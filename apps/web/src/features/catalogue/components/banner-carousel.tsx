import type { Banner } from '@shop/contracts/catalogue';
import { lazy, Suspense, useEffect, useRef, useState, type TouchEvent } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { setHeaderTint } from '../../../components/layout/header-tint.ts';
import { CAROUSEL_TIMINGS, useCarousel } from '../hooks/use-carousel.ts';
import { averageImageColour } from '../image-average-colour.ts';
import { uploadCopy, uploadSrcSet } from '@shop/contracts/media-variants';
import { fallBackToLogo, safeImageSource } from '../../../lib/image-source.ts';
import type { SafeUrl } from '../safe-url.ts';
import { BannerLink } from './banner-link.tsx';

/** A banner spans the screen's width (the carousel is full-width, spec §9). */
const BANNER_SIZES = '100vw';

/** A <source>'s candidates: an upload's copies at the preset widths, else the address itself. */
const srcSetOf = (url: string) => {
  const src = safeImageSource(url);
  return uploadSrcSet(src) ?? src;
};

const BannerDialog = lazy(() => import('./banner-dialog.tsx'));
const ExternalLinkDialog = lazy(() =>
  import('./external-link-dialog.tsx').then((m) => ({ default: m.ExternalLinkDialog })),
);

/**
 * Full-width banner carousel, 450 px tall (spec §9), with the timings of spec §4 (see useCarousel).
 * Accessible as a carousel region (WAI-ARIA APG): labelled slides, previous/next and dot buttons,
 * arrow keys; the live region announces slide changes only while auto-play is off.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const carousel = useCarousel(banners.length);
  const { index } = carousel;
  const [openBanner, setOpenBanner] = useState<Banner | null>(null);
  // A call to action that leads to another site asks first (spec §2), as the dialog's link does.
  const [external, setExternal] = useState<SafeUrl | null>(null);
  // Only the first image loads at once (it is the page's largest paint); the rest follow after it.
  const [loadRest, setLoadRest] = useState(false);
  const images = useRef<(HTMLImageElement | null)[]>([]);
  const touchStartX = useRef<number | null>(null);

  // The first banner is the page's largest paint: fetched from <head>, in the picture this screen
  // shows and, for an upload, the copy its width and pixel density need (the server-rendered page
  // carries these as <link rel="preload" imagesrcset imagesizes>, the same candidates as the
  // <img>'s, so the browser takes the preloaded one; ADR 0067).
  const first = banners[0];
  if (first) {
    for (const { url, media } of [
      { url: first.mobileImageUrl || first.imageUrl, media: '(max-width: 640px)' },
      {
        url: first.tabletImageUrl || first.imageUrl,
        media: '(min-width: 641px) and (max-width: 1024px)',
      },
      { url: first.imageUrl, media: '(min-width: 1025px)' },
    ]) {
      const href = safeImageSource(url);
      const imageSrcSet = uploadSrcSet(href);
      preload(href, {
        as: 'image',
        fetchPriority: 'high',
        media,
        ...(imageSrcSet ? { imageSrcSet, imageSizes: BANNER_SIZES } : {}),
      });
    }
  }

  // On a server-rendered page the first image may have loaded before the app took over (its
  // load event then came and went): the rest may follow at once.
  useEffect(() => {
    const image = images.current[0];
    if (image?.complete && image.naturalWidth > 0) setLoadRest(true);
  }, []);

  useEffect(() => {
    const image = images.current[index];
    if (!image) return;
    const tint = () => {
      setHeaderTint(averageImageColour(image));
    };
    if (image.complete && image.naturalWidth > 0) {
      tint();
      return;
    }
    image.addEventListener('load', tint, { once: true });
    return () => {
      image.removeEventListener('load', tint);
    };
  }, [index, loadRest]);

  useEffect(
    () => () => {
      setHeaderTint(null);
    },
    [],
  );

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined) return;
    const distance = end - start;
    if (Math.abs(distance) <= CAROUSEL_TIMINGS.swipeThresholdPx) return;
    if (distance < 0) carousel.next();
    else carousel.previous();
  };

  const count = banners.length;
  const arrow = (direction: 'previous' | 'next', path: string) => (
    <button
      type="button"
      className={`banner-carousel__arrow banner-carousel__arrow--${direction}`}
      aria-label={t(`catalogue.carousel.${direction}`)}
      onClick={carousel[direction]}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
    </button>
  );
  return (
    <section
      className="banner-carousel"
      aria-roledescription={t('catalogue.carousel.roleDescription')}
      aria-label={t('catalogue.carousel.label')}
      data-testid="banner-carousel"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') carousel.hoverStart();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') carousel.hoverEnd();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') {
          event.preventDefault();
          carousel.next();
        } else if (event.key === 'ArrowLeft') {
          event.preventDefault();
          carousel.previous();
        }
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="banner-carousel__viewport">
        <div
          className="banner-carousel__track"
          style={{ transform: `translateX(${String(-index * 100)}%)` }}
          aria-live={carousel.playing ? 'off' : 'polite'}
        >
          {banners.map((banner, i) => {
            const current = i === index;
            return (
              <div
                key={banner.id}
                className="banner-slide"
                role="group"
                aria-roledescription={t('catalogue.carousel.slideRoleDescription')}
                aria-label={t('catalogue.carousel.slideLabel', { n: i + 1, total: count })}
                aria-hidden={!current}
                inert={!current}
              >
                <button
                  type="button"
                  className="banner-slide__button"
                  aria-haspopup="dialog"
                  onClick={() => {
                    carousel.interact();
                    setOpenBanner(banner);
                  }}
                >
                  {i === 0 || loadRest ? (
                    <span
                      className="banner-slide__backdrop"
                      aria-hidden="true"
                      style={{
                        // Blurred behind the picture: its smallest copy is enough.
                        backgroundImage: `url("${uploadCopy(safeImageSource(banner.mobileImageUrl || banner.imageUrl), 150)}")`,
                      }}
                    />
                  ) : null}
                  {i === 0 || loadRest ? (
                    <picture>
                      <source
                        media="(max-width: 640px)"
                        srcSet={srcSetOf(banner.mobileImageUrl || banner.imageUrl)}
                        sizes={BANNER_SIZES}
                      />
                      <source
                        media="(max-width: 1024px)"
                        srcSet={srcSetOf(banner.tabletImageUrl || banner.imageUrl)}
                        sizes={BANNER_SIZES}
                      />
                      <img
                        ref={(element) => {
                          images.current[i] = element;
                        }}
                        src={safeImageSource(banner.imageUrl)}
                        srcSet={uploadSrcSet(safeImageSource(banner.imageUrl))}
                        sizes={BANNER_SIZES}
                        alt={banner.title}
                        width={1200}
                        height={450}
                        decoding="async"
                        // Slides not shown yet wait until they come near the screen.
                        loading={i === 0 ? 'eager' : 'lazy'}
                        fetchPriority={i === 0 ? 'high' : 'low'}
                        onLoad={
                          i === 0
                            ? () => {
                                setLoadRest(true);
                              }
                            : undefined
                        }
                        onError={(event) => {
                          fallBackToLogo(event);
                          if (i === 0) setLoadRest(true);
                        }}
                      />
                    </picture>
                  ) : (
                    <span className="banner-slide__placeholder">{banner.title}</span>
                  )}
                </button>
                {banner.headline || banner.ctaLabel ? (
                  <div className="banner-slide__text">
                    {banner.headline ? (
                      <p className="banner-slide__headline">{banner.headline}</p>
                    ) : null}
                    {banner.ctaLabel ? (
                      <BannerLink
                        linkUrl={banner.linkUrl}
                        className="button banner-slide__cta"
                        onOpen={carousel.interact}
                        onExternal={setExternal}
                      >
                        {banner.ctaLabel}
                      </BannerLink>
                    ) : null}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <>
          {arrow('previous', 'M15 5l-7 7 7 7')}
          {arrow('next', 'M9 5l7 7-7 7')}
          <button
            type="button"
            className="banner-carousel__pause"
            data-testid="carousel-pause"
            aria-label={
              carousel.stopped ? t('catalogue.carousel.play') : t('catalogue.carousel.pause')
            }
            onClick={carousel.togglePlay}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
              {carousel.stopped ? (
                <path d="M8 5v14l11-7z" fill="currentColor" />
              ) : (
                <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
              )}
            </svg>
          </button>
          <div
            className="banner-carousel__dots"
            role="group"
            aria-label={t('catalogue.carousel.dots')}
          >
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className="banner-carousel__dot"
                aria-label={t('catalogue.carousel.goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => {
                  carousel.goTo(i);
                }}
              />
            ))}
          </div>
        </>
      ) : null}
      {openBanner ? (
        <Suspense fallback={null}>
          <BannerDialog
            banner={openBanner}
            onClose={() => {
              setOpenBanner(null);
            }}
          />
        </Suspense>
      ) : null}
      {external ? (
        <Suspense fallback={null}>
          <ExternalLinkDialog
            url={external}
            onCancel={() => {
              setExternal(null);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

import type { AdminBanner, AdminBannerImages } from '@shop/contracts/admin-catalogue';
import { useState } from 'react';
import { safeImageSource } from '../../../lib/image-source.ts';
import { adminLists, adminWrites } from '../api/admin-api.ts';
import {
  AdminFormDialog,
  BilingualFields,
  SortOrderField,
  TextField,
  useAdminForm,
} from './admin-form.tsx';
import { AdminList, BilingualName, type AdminColumn } from './admin-table.tsx';
import { ImageUploadField } from './image-upload-field.tsx';

/**
 * Home's banners, shown or not, in display order; an admin changes their words, link, tint and
 * pictures (uploaded per size, and for Burmese readers when the words are drawn in the picture).
 */
export function BannersPage() {
  return (
    <>
      <h1>Banners</h1>
      <p className="admin-note">
        The banners of Home’s carousel, in display order. Changes show on Home at once.
      </p>
      <AdminList
        source={adminLists.banners}
        empty="There are no banners."
        testId="admin-banners"
        rowKey={(banner) => banner.id}
        columns={bannerColumns}
        edit={{
          name: (banner) => banner.title.en,
          editor: (banner, onClose) => <EditBannerDialog banner={banner} onClose={onClose} />,
        }}
      />
    </>
  );
}

const bannerColumns: AdminColumn<AdminBanner>[] = [
  {
    header: 'Picture',
    cell: (banner) =>
      banner.imageUrl ? (
        <img
          className="admin-thumb"
          src={safeImageSource(banner.imageUrl)}
          alt=""
          width={120}
          height={45}
          loading="lazy"
        />
      ) : (
        '—'
      ),
  },
  { header: 'Title', rowHeader: true, cell: (banner) => <BilingualName text={banner.title} /> },
  { header: 'Link', className: 'admin-json', cell: (banner) => banner.linkUrl ?? '—' },
  { header: 'Order', cell: (banner) => banner.sortOrder },
  { header: 'Shown', cell: (banner) => (banner.active ? 'Yes' : 'No') },
  { header: 'Ends', cell: (banner) => banner.endsOn ?? '—' },
  { header: 'Tint', cell: (banner) => <Tint tint={banner.tint} /> },
];

/** The header colour as a swatch with its hex code, or "from the picture". */
function Tint({ tint }: { tint: string | null }) {
  if (!tint) return <span className="admin-empty">From the picture</span>;
  return (
    <span className="admin-tint">
      <span className="admin-tint__swatch" style={{ background: tint }} aria-hidden="true" />
      <code>{tint}</code>
    </span>
  );
}

interface BannerValues {
  titleEn: string;
  titleMy: string;
  descriptionEn: string;
  descriptionMy: string;
  linkUrl: string;
  headlineEn: string;
  headlineMy: string;
  ctaEn: string;
  ctaMy: string;
  endsOn: string;
  sortOrder: string;
  active: boolean;
  noTint: boolean;
  tint: string;
}

function EditBannerDialog({ banner, onClose }: { banner: AdminBanner; onClose: () => void }) {
  const { id, form, saving, bilingual } = useAdminForm<BannerValues>({
    invalidate: [['admin', 'banners']],
    defaultValues: {
      titleEn: banner.title.en,
      titleMy: banner.title.my,
      descriptionEn: banner.description.en,
      descriptionMy: banner.description.my,
      linkUrl: banner.linkUrl ?? '',
      headlineEn: banner.headline?.en ?? '',
      headlineMy: banner.headline?.my ?? '',
      ctaEn: banner.ctaLabel?.en ?? '',
      ctaMy: banner.ctaLabel?.my ?? '',
      endsOn: banner.endsOn ?? '',
      sortOrder: String(banner.sortOrder),
      active: banner.active,
      noTint: banner.tint === null,
      tint: banner.tint ?? '#1f3a68',
    },
    onClose,
  });
  // Local state, not useWatch: see FestivalsForm in settings-page.tsx (ADR 0038).
  const [noTint, setNoTint] = useState(banner.tint === null);
  const initialImages: AdminBannerImages = {
    imageUrl: banner.imageUrl,
    tabletImageUrl: banner.tabletImageUrl,
    mobileImageUrl: banner.mobileImageUrl,
  };
  const [images, setImages] = useState(initialImages);
  const [burmese, setBurmese] = useState(banner.burmeseImages);
  // Files on their way (several fields may upload at once): Save waits for all of them.
  const [uploads, setUploads] = useState(0);
  const onBusy = (busy: boolean) => {
    setUploads((n) => n + (busy ? 1 : -1));
  };
  const changedImages = Object.fromEntries(
    Object.entries(images).filter(
      ([key, url]) => initialImages[key as keyof AdminBannerImages] !== url,
    ),
  );
  const burmeseChanged = JSON.stringify(burmese) !== JSON.stringify(banner.burmeseImages);
  return (
    <AdminFormDialog
      {...saving((values) =>
        adminWrites.editBanner(banner.id, {
          title: { en: values.titleEn, my: values.titleMy },
          description: { en: values.descriptionEn, my: values.descriptionMy },
          linkUrl: values.linkUrl.trim() === '' ? null : values.linkUrl,
          headline: { en: values.headlineEn, my: values.headlineMy },
          ctaLabel: { en: values.ctaEn, my: values.ctaMy },
          endsOn: values.endsOn === '' ? null : values.endsOn,
          sortOrder: Number(values.sortOrder.trim()),
          active: values.active,
          tint: values.noTint ? null : values.tint,
          ...changedImages,
          ...(burmeseChanged ? { burmeseImages: burmese } : {}),
        }),
      )}
      title={`Edit ${banner.title.en}`}
      fallback="The banner could not be saved."
      disabled={uploads > 0}
    >
      <BilingualFields label="Title" {...bilingual('title')} autoFocus />
      <BilingualFields label="Description" {...bilingual('description')} rows={3} />
      <fieldset className="admin-fieldset">
        <legend>Words over the picture</legend>
        <p className="admin-note">
          Shown as text in the reader’s language, so every phone can read them; leave both empty for
          none. The button leads to the link below.
        </p>
        <BilingualFields label="Headline" {...bilingual('headline')} />
        <BilingualFields label="Button" {...bilingual('cta')} />
      </fieldset>
      <TextField
        id={`${id}-link`}
        label="Link"
        hint="A page of this shop (/product/…) or an http(s) address. Empty: the banner leads nowhere."
        registration={form.register('linkUrl')}
        inputMode="url"
      />
      <div className="admin-form__pair">
        <SortOrderField id={`${id}-order`} registration={form.register('sortOrder')} />
        <fieldset className="admin-fieldset">
          <legend>Header tint</legend>
          <label className="admin-check">
            <input
              type="checkbox"
              {...form.register('noTint', {
                onChange: (event: { target: { checked: boolean } }) => {
                  setNoTint(event.target.checked);
                },
              })}
            />
            No tint (taken from the picture)
          </label>
          <label className="admin-colour">
            <input type="color" {...form.register('tint')} disabled={noTint} />
            Tint colour
          </label>
        </fieldset>
      </div>
      <label className="admin-check">
        <input type="checkbox" {...form.register('active')} />
        Shown on Home
      </label>
      <TextField
        id={`${id}-ends`}
        label="Last day shown"
        hint="Yangon time: the banner leaves Home at midnight after this day. Empty: no end."
        registration={form.register('endsOn')}
        type="date"
      />
      <BannerImagesFields
        title="Pictures"
        images={images}
        onChange={(key, url) => {
          setImages((now) => ({ ...now, [key]: url }));
        }}
        onBusy={onBusy}
      />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={burmese !== null}
          onChange={(event) => {
            setBurmese(event.target.checked ? (banner.burmeseImages ?? images) : null);
          }}
        />
        Burmese readers see pictures of their own (words drawn in Burmese)
      </label>
      {burmese ? (
        <BannerImagesFields
          title="Pictures for Burmese readers"
          images={burmese}
          onChange={(key, url) => {
            setBurmese((now) => now && { ...now, [key]: url });
          }}
          onBusy={onBusy}
        />
      ) : null}
    </AdminFormDialog>
  );
}

/** What size each picture of a banner is shown at (the shop's own pictures are drawn so). */
const bannerSizes = [
  { key: 'imageUrl', label: 'Desktop', hint: 'Wide: 1200 × 450 pixels.' },
  { key: 'tabletImageUrl', label: 'Tablet', hint: '900 × 450 pixels.' },
  { key: 'mobileImageUrl', label: 'Mobile', hint: '600 × 450 pixels.' },
] as const;

/** A banner's three pictures, each uploaded on its own. */
function BannerImagesFields({
  title,
  images,
  onChange,
  onBusy,
}: {
  title: string;
  images: AdminBannerImages;
  /** Functional, so that two pictures uploaded at once both stay. */
  onChange: (key: keyof AdminBannerImages, url: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  return (
    <section className="admin-images" aria-label={title}>
      {bannerSizes.map((size) => (
        <ImageUploadField
          key={size.key}
          label={`${title}: ${size.label}`}
          value={images[size.key]}
          onChange={(url) => {
            onChange(size.key, url);
          }}
          onBusy={onBusy}
          sizeHint={size.hint}
        />
      ))}
    </section>
  );
}

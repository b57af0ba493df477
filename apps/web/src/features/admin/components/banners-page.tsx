import type { AdminBanner, AdminBannerImages } from '@shop/contracts/admin-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { safeImageSource } from '../../catalogue/image-source.ts';
import { adminWrites, useAdminBanners } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { ListBody, useListFilters } from './admin-list.tsx';
import { ImageUploadField } from './image-upload-field.tsx';

/**
 * Home's banners, shown or not, in display order; an admin changes their words, link, tint and
 * pictures (uploaded per size, and for Burmese readers when the words are drawn in the picture).
 */
export function BannersPage() {
  const { filters, goTo } = useListFilters();
  const query = useAdminBanners(filters);
  const [editing, setEditing] = useState<AdminBanner | null>(null);
  return (
    <>
      <h1>Banners</h1>
      <p className="admin-note">
        The banners of Home’s carousel, in display order. Changes show on Home at once.
      </p>
      <ListBody query={query} empty="There are no banners." onPage={goTo}>
        {(banners) => (
          <table className="admin-table" data-testid="admin-banners">
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <th scope="col">Title</th>
                <th scope="col">Link</th>
                <th scope="col">Order</th>
                <th scope="col">Shown</th>
                <th scope="col">Ends</th>
                <th scope="col">Tint</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {banners.map((banner) => (
                <tr key={banner.id}>
                  <td>
                    {banner.imageUrl ? (
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
                    )}
                  </td>
                  <th scope="row">
                    {banner.title.en}
                    <span className="admin-sub" lang="my">
                      {banner.title.my}
                    </span>
                  </th>
                  <td className="admin-json">{banner.linkUrl ?? '—'}</td>
                  <td>{banner.sortOrder}</td>
                  <td>{banner.active ? 'Yes' : 'No'}</td>
                  <td>{banner.endsOn ?? '—'}</td>
                  <td>
                    <Tint tint={banner.tint} />
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${banner.title.en}`}
                      onClick={() => {
                        setEditing(banner);
                      }}
                    >
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListBody>
      {editing ? (
        <EditBannerDialog
          banner={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

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
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<BannerValues>({
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
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await adminWrites.editBanner(banner.id, {
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
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'banners'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  const text = (
    name: 'titleEn' | 'titleMy' | 'headlineEn' | 'headlineMy' | 'ctaEn' | 'ctaMy',
    label: string,
    lang: 'en' | 'my',
    focus = false,
  ) => (
    <FormField id={`${id}-${name}`} label={label}>
      <input
        {...form.register(name)}
        {...fieldAria(`${id}-${name}`)}
        className="ui-input"
        lang={lang}
        data-autofocus={focus || undefined}
      />
    </FormField>
  );
  const area = (name: 'descriptionEn' | 'descriptionMy', label: string, lang: 'en' | 'my') => (
    <FormField id={`${id}-${name}`} label={label}>
      <textarea
        {...form.register(name)}
        {...fieldAria(`${id}-${name}`)}
        className="ui-input"
        rows={3}
        lang={lang}
      />
    </FormField>
  );
  return (
    <Dialog open onClose={onClose} title={`Edit ${banner.title.en}`} className="admin-dialog--wide">
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="admin-form__pair">
          {text('titleEn', 'Title (English)', 'en', true)}
          {text('titleMy', 'Title (Burmese)', 'my')}
        </div>
        <div className="admin-form__pair">
          {area('descriptionEn', 'Description (English)', 'en')}
          {area('descriptionMy', 'Description (Burmese)', 'my')}
        </div>
        <fieldset className="admin-fieldset">
          <legend>Words over the picture</legend>
          <p className="admin-note">
            Shown as text in the reader’s language, so every phone can read them; leave both empty
            for none. The button leads to the link below.
          </p>
          <div className="admin-form__pair">
            {text('headlineEn', 'Headline (English)', 'en')}
            {text('headlineMy', 'Headline (Burmese)', 'my')}
          </div>
          <div className="admin-form__pair">
            {text('ctaEn', 'Button (English)', 'en')}
            {text('ctaMy', 'Button (Burmese)', 'my')}
          </div>
        </fieldset>
        <FormField
          id={`${id}-link`}
          label="Link"
          hint="A page of this shop (/product/…) or an http(s) address. Empty: the banner leads nowhere."
        >
          <input
            {...form.register('linkUrl')}
            {...fieldAria(`${id}-link`, null, true)}
            className="ui-input"
            inputMode="url"
          />
        </FormField>
        <div className="admin-form__pair">
          <FormField id={`${id}-order`} label="Order" hint="Lower numbers show first.">
            <input
              {...form.register('sortOrder')}
              {...fieldAria(`${id}-order`, null, true)}
              className="ui-input"
              inputMode="numeric"
            />
          </FormField>
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
        <FormField
          id={`${id}-ends`}
          label="Last day shown"
          hint="Yangon time: the banner leaves Home at midnight after this day. Empty: no end."
        >
          <input
            type="date"
            {...form.register('endsOn')}
            {...fieldAria(`${id}-ends`, null, true)}
            className="ui-input"
          />
        </FormField>
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
        <AdminAlert error={failure} fallback="The banner could not be saved." />
        <Button
          type="submit"
          disabled={uploads > 0}
          busy={form.formState.isSubmitting}
          busyLabel="Saving…"
        >
          Save
        </Button>
      </form>
    </Dialog>
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

import {
  adminApi,
  adminRow,
  openAdminPage,
  openEditDialog,
  signInToBackOffice,
} from './admin-support.ts';
import {
  expect,
  fullPageShots,
  test,
  type Locator,
  type Page,
  holdRequests,
  newPersonPage,
} from './fixtures.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Uploaded images and operators in the back-office (issue 17, ADR 0039), in the browser: a banner
 * gets new pictures and a category a new icon, both on the customer's Home at once; an SVG is
 * refused with the server's words; an operator is renamed and the customer's listing names it so.
 * Screenshots go to /tmp/admin-uploads/.
 *
 * Shop-wide changes, put back at the end so no other spec notices them: the pictures of the fourth
 * demo banner (found by its link; admin-catalogue.spec changes its title, never its pictures),
 * the Data Package icon and MyTel's names.
 */

test.describe.configure({ mode: 'serial' });

const BANNER_LINK = 'https://myantopup.example/promo/thadingyut';
const BANNER_SLIDE = 4;
const CATEGORY = 'data-package';
const OPERATOR = 'MYTEL';
const UPLOAD = /^\/media\/uploads\/[0-9a-f]{64}\.png$/;

const shot = fullPageShots('/tmp/admin-uploads');
/** A PNG of one colour, drawn by the page's own canvas (as an owner's picture would be made). */
async function pngFile(
  page: Page,
  name: string,
  width: number,
  height: number,
  rgb: [number, number, number],
) {
  const dataUrl = await page.evaluate(
    ([w, h, [r, g, b]]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.fillStyle = `rgb(${String(r)} ${String(g)} ${String(b)})`;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png');
    },
    [width, height, rgb] as const,
  );
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'),
  };
}

async function openShop(page: Page, path: string) {
  await page.goto(path);
  const consent = page.getByRole('region', { name: 'Cookie consent' });
  await consent.getByRole('button', { name: 'Decline' }).click();
  await expect(consent).toBeHidden();
}

/** The image field of a dialog by its legend. */
const imageField = (dialog: Locator, label: string) =>
  dialog.getByRole('group', { name: label, exact: true });

test(
  'an admin uploads banner pictures and a category icon that Home shows at once; an SVG is refused',
  { tag: '@desktop-only' },
  async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    await signInToBackOffice(page);
    const api = await adminApi(page, request);
    type Banner = {
      id: string;
      linkUrl: string | null;
      imageUrl: string;
      tabletImageUrl: string;
      mobileImageUrl: string;
      burmeseImages: unknown;
    };
    const original = (await api.get<Banner[]>('/banners')).find((b) => b.linkUrl === BANNER_LINK);
    type Category = { id: string; slug: string; imageUrl: string };
    const category = (await api.get<Category[]>('/categories?limit=100')).find(
      (c) => c.slug === CATEGORY,
    );
    if (!original || !category) throw new Error('demo banner or category missing');

    try {
      // The banner: a new picture for each size; the upload is held a moment so its progress shows.
      await page.getByRole('link', { name: 'Banners' }).click();
      const row = adminRow(page, 'admin-banners', BANNER_LINK);
      const dialog = await openEditDialog(page, row);
      const desktop = imageField(dialog, 'Pictures: Desktop');
      await expect(desktop).toContainText(
        'PNG, JPEG or WebP, at most 2 MB. Wide: 1200 × 450 pixels.',
      );
      const release = await holdRequests(page, '**/api/v1/admin/media');
      await desktop
        .getByLabel('Upload a new image')
        .setInputFiles(await pngFile(page, 'desktop.png', 1200, 450, [180, 20, 60]));
      await expect(
        desktop.getByRole('progressbar', { name: 'Uploading Pictures: Desktop' }),
      ).toBeVisible();
      await expect(desktop.getByLabel('Uploading…')).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
      await desktop.scrollIntoViewIfNeeded();
      await shot(page, '1-banner-uploading');
      release();
      await expect(desktop.getByTestId('image-preview')).toHaveAttribute('src', UPLOAD);
      await page.unroute('**/api/v1/admin/media');
      await expect(desktop).toContainText('Uploaded: 1200 × 450 pixels.');
      await imageField(dialog, 'Pictures: Tablet')
        .getByLabel('Upload a new image')
        .setInputFiles(await pngFile(page, 'tablet.png', 900, 450, [20, 120, 60]));
      await imageField(dialog, 'Pictures: Mobile')
        .getByLabel('Upload a new image')
        .setInputFiles(await pngFile(page, 'mobile.png', 600, 450, [20, 60, 160]));
      for (const size of ['Tablet', 'Mobile'])
        await expect(
          imageField(dialog, `Pictures: ${size}`).getByTestId('image-preview'),
        ).toHaveAttribute('src', UPLOAD);
      const desktopUrl = await desktop.getByTestId('image-preview').getAttribute('src');
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
      await expectAccessible(page, '[role="dialog"]');
      await desktop.scrollIntoViewIfNeeded();
      await shot(page, '2-banner-uploaded');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.locator('img')).toHaveAttribute('src', desktopUrl ?? '');

      // The customer's Home (English: the banner's Burmese pictures are its own) shows it.
      const shopper = await newPersonPage(browser);
      await openShop(shopper, '/?lang=en');
      const carousel = shopper.getByRole('region', { name: 'Promotions' });
      await carousel.getByRole('button', { name: `Go to slide ${String(BANNER_SLIDE)}` }).click();
      const picture = carousel.locator(`img[src="${desktopUrl ?? ''}"]`);
      await expect(picture).toHaveCount(1);
      await expect(picture).toBeVisible();
      // Loaded, as one of its copies at the preset widths (ADR 0067).
      await expect
        .poll(() =>
          picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.currentSrc),
        )
        .toMatch(new RegExp(`${(desktopUrl ?? '').replace(/\./g, '\\.')}\\?w=\\d+$`));
      await shot(shopper, '3-home-banner');

      // The category icon: an SVG refused with the server's words, then a PNG.
      await page.getByRole('link', { name: 'Categories' }).click();
      const categoryRow = adminRow(page, 'admin-categories', CATEGORY);
      const edit = await openEditDialog(page, categoryRow);
      const icon = imageField(edit, 'Icon');
      await icon.getByLabel('Upload a new image').setInputFiles({
        name: 'icon.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
        ),
      });
      await expect(icon.getByRole('alert')).toHaveText(
        'Upload a PNG, JPEG or WebP image (SVG and other files are refused)',
      );
      await expect(icon.getByTestId('image-preview')).toHaveAttribute('src', category.imageUrl);
      await expectAccessible(page, '[role="dialog"]');
      await shot(page, '4-category-svg-refused');
      await icon
        .getByLabel('Upload a new image')
        .setInputFiles(await pngFile(page, 'icon.png', 96, 96, [250, 160, 0]));
      await expect(icon.getByTestId('image-preview')).toHaveAttribute('src', UPLOAD);
      await expect(icon.getByRole('alert')).toHaveCount(0);
      const iconUrl = await icon.getByTestId('image-preview').getAttribute('src');
      await shot(page, '5-category-icon-uploaded');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(categoryRow.locator('img')).toHaveAttribute('src', iconUrl ?? '');

      await shopper.goto('/?lang=en');
      const tile = shopper.getByTestId('category-grid').getByRole('link', { name: 'Data Package' });
      await expect(tile.locator('img')).toHaveAttribute('src', iconUrl ?? '');
      await expect
        .poll(() =>
          tile
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.currentSrc),
        )
        .toMatch(new RegExp(`${(iconUrl ?? '').replace(/\./g, '\\.')}\\?w=\\d+$`));
      await shot(shopper, '6-home-category-icon');
      await shopper.close();
    } finally {
      await api.patch(`/banners/${original.id}`, {
        imageUrl: original.imageUrl,
        tabletImageUrl: original.tabletImageUrl,
        mobileImageUrl: original.mobileImageUrl,
      });
      await api.patch(`/categories/${category.id}`, { imageUrl: category.imageUrl });
    }
  },
);

test(
  'an admin renames an operator, and the customer’s product cards name it so',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signInToBackOffice(page);
    await openAdminPage(page, 'Operators');
    const row = adminRow(page, 'admin-operators', OPERATOR);
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('admin-operators').getByRole('row')).toHaveCount(6);
    await expectAccessible(page);
    await shot(page, '7-operators');
    const before = { en: 'MyTel', my: (await row.locator('[lang="my"]').textContent()) ?? '' };
    await expect(row.getByRole('rowheader')).toContainText(before.en);

    const rename = async (en: string, my: string, colour: string, checkRefusal: boolean) => {
      await row.getByRole('button', { name: /^Edit / }).click();
      const dialog = page.getByRole('dialog', { name: /^Edit .*\(MYTEL\)$/ });
      await expect(dialog.getByLabel('Name (English)')).toBeFocused();
      await dialog.getByLabel('Name (English)').fill(en);
      await dialog.getByLabel('Name (Burmese)').fill(my);
      if (checkRefusal) {
        // A colour not written #rrggbb is refused with the server's words.
        await dialog.getByLabel('Brand colour', { exact: true }).fill('blue');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByRole('alert')).toHaveText(
          'The brand colour is written #rrggbb (like #f7b500)',
        );
      }
      await dialog.getByLabel('Brand colour', { exact: true }).fill(colour);
      if (checkRefusal) {
        await expectAccessible(page, '[role="dialog"]');
        await shot(page, '8-edit-operator');
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByRole('rowheader')).toContainText(en);
    };

    const renamed = `MyTel Myanmar ${Date.now().toString(36)}`;
    const colour = (await row.locator('code').nth(1).textContent()) ?? '';
    await rename(renamed, 'မိုင်တယ် မြန်မာ', '#5a2d82', true);
    await expect(row).toContainText('#5a2d82');
    try {
      const shopper = await newPersonPage(browser);
      await openShop(shopper, '/product/mobile-topup?lang=en');
      // Each MyTel product card names its operator as the back-office now writes it (the filter
      // chips name the operators of the phone rules, which do not change).
      await expect(shopper.getByText(renamed, { exact: true }).first()).toBeVisible();
      await expect(shopper.getByRole('radio', { name: 'MyTel' })).toBeVisible();
      await shot(shopper, '9-listing-operator');
      await shopper.close();
    } finally {
      await rename(before.en, before.my, colour, false);
    }
  },
);

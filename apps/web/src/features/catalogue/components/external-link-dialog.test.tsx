import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ExternalLinkDialog } from './external-link-dialog.tsx';

const i18n = initI18n();
const url = { href: 'https://example.org/offer', external: true, host: 'example.org' };

describe('external-link dialog (spec §2 "Dialog for visiting external links")', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('Continue opens the site in a new tab without access to the shop, then closes', async () => {
    await i18n.changeLanguage('en');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onCancel = vi.fn();
    const onOpened = vi.fn();
    render(<ExternalLinkDialog url={url} onCancel={onCancel} onOpened={onOpened} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(open).toHaveBeenCalledExactlyOnceWith(url.href, '_blank', 'noopener,noreferrer');
    expect(onOpened).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('Cancel opens nothing; without onOpened, Continue closes through onCancel', async () => {
    await i18n.changeLanguage('en');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onCancel = vi.fn();
    const { unmount } = render(<ExternalLinkDialog url={url} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(open).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
    unmount();

    render(<ExternalLinkDialog url={url} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(open).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});

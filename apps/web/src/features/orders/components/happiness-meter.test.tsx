import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ordersApi } from '../api/orders-api.ts';
import { HappinessMeter } from './happiness-meter.tsx';

const i18n = initI18n();

describe('Happiness Meter on react-hook-form with the feedback request schema (ADR 0018)', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it('no face chosen: the contract’s rating rule, in Burmese on a Burmese page; nothing is sent', async () => {
    await i18n.changeLanguage('my');
    const send = vi.spyOn(ordersApi, 'feedback');
    render(<HappinessMeter orderId="o1" feedback={null} onSaved={() => undefined} />);
    await userEvent.click(screen.getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe('အဆင့် ၁ မှ ၅ အထိ ရွေးချယ်ပါ');
    expect(send).not.toHaveBeenCalled();
  });

  it('a chosen face and a comment are sent trimmed; an empty comment is sent as null', async () => {
    await i18n.changeLanguage('en');
    const send = vi
      .spyOn(ordersApi, 'feedback')
      .mockResolvedValue({ success: true, message: 'Thank you for your feedback!' } as never);
    const onSaved = vi.fn();
    const { unmount } = render(<HappinessMeter orderId="o1" feedback={null} onSaved={onSaved} />);
    await userEvent.click(screen.getAllByRole('radio')[3] as HTMLElement);
    await userEvent.type(screen.getByRole('textbox'), '  quick top-up  ');
    await userEvent.click(screen.getByRole('button'));
    await waitFor(() => {
      expect(send).toHaveBeenCalledWith('o1', { rating: 4, comment: 'quick top-up' });
    });
    expect(onSaved).toHaveBeenCalled();
    unmount();

    render(
      <HappinessMeter
        orderId="o2"
        feedback={{ rating: 2, comment: null } as never}
        onSaved={() => undefined}
      />,
    );
    expect((screen.getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button'));
    await waitFor(() => {
      expect(send).toHaveBeenCalledWith('o2', { rating: 2, comment: null });
    });
  });
});

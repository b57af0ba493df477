import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineDialog } from './offline-dialog.tsx';

const dialog = (message: string) => (
  <OfflineDialog
    title="No Internet Connection"
    message={message}
    retryLabel="Try Again"
    closeLabel="Close"
    onRetry={() => undefined}
    onClose={() => undefined}
  />
);

function Both({ lost, refresh }: { lost: boolean; refresh: boolean }) {
  return (
    <>
      {lost && dialog('Network connection lost.')}
      {refresh && dialog('Network connection is required to refresh your session.')}
    </>
  );
}

describe('OfflineDialog', () => {
  it('shows one at a time: the newest, then the older one again when the newest closes', async () => {
    const view = render(<Both lost refresh={false} />);
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Network connection lost.',
    );

    // A session refresh falls due while the connection is lost: its question, alone.
    view.rerender(<Both lost refresh />);
    await screen.findByText(/required to refresh your session/);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.queryByText('Network connection lost.')).toBeNull();

    view.rerender(<Both lost refresh={false} />);
    await screen.findByText('Network connection lost.');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);

    view.rerender(<Both lost={false} refresh={false} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

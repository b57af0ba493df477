import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, loadWithRetries, retryFailedPages } from './lazy-page.tsx';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => {
    retryFailedPages();
    this.setState({ failed: false });
  };
  override render() {
    return this.state.failed ? (
      <button type="button" onClick={this.retry}>
        Try Again
      </button>
    ) : (
      this.props.children
    );
  }
}

describe('loadWithRetries', () => {
  it('asks again after a failure, then gives up with the error', async () => {
    const load = vi.fn().mockRejectedValue(new Error('Failed to fetch'));
    await expect(loadWithRetries(load, 2, 1)).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(3);
    const flaky = vi.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValue('module');
    await expect(loadWithRetries(flaky, 2, 1)).resolves.toBe('module');
  });
});

describe('lazyPage', () => {
  it('a chunk that cannot be had reaches the error boundary; Try Again loads it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(() =>
      online
        ? Promise.resolve({ default: () => <p>The page</p> })
        : Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    const Page = lazyPage(load);
    // Suspends: the render is awaited (React's act).
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback={<p>Loading</p>}>
            <Page />
          </Suspense>
        </Boundary>,
      );
      await Promise.resolve();
    });
    // Its retries (1 s, then 2 s apart) used up.
    expect(
      await screen.findByRole('button', { name: 'Try Again' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    online = true;
    await act(async () => {
      screen.getByRole('button', { name: 'Try Again' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(4);
  }, 15_000);
});

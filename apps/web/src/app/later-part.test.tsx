import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LaterPart } from './later-part.tsx';

const Part = () => <p>the part</p>;

describe('LaterPart', () => {
  it('leaves out a part whose chunk fails (offline) and fetches it again when back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const load = vi.fn(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: Part });
    });
    render(
      <div>
        <h1>the page</h1>
        <LaterPart load={load} />
      </div>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(load).toHaveBeenCalledTimes(1);
    // The page stays; the part is left out.
    expect(screen.getByRole('heading', { name: 'the page' })).toBeTruthy();
    expect(screen.queryByText('the part')).toBeNull();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'the page' })).toBeTruthy();
  });

  it('fetches nothing until the browser is idle after the load (issue 29)', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(() => Promise.resolve({ default: Part }));
    const { unmount } = render(<LaterPart load={load} />);
    try {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(load).not.toHaveBeenCalled();
      expect(idle).toHaveLength(1);
      await act(async () => {
        idle[0]?.();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(load).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('the part')).toBeTruthy();
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });
});

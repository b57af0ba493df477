import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerDialog, unregisterDialog } from './blocking-dialogs.ts';
import { getToasts, toast, toastPlace } from './toast-store.ts';

describe('toasts and modal dialogs (issue 26: nothing covers the checkout)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.clear();
  });
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('a toast raised while a dialog is open waits, and gets its whole time once it closes', () => {
    // The focus is somewhere else (an older dialog's control, say): the message is not about it.
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    const dialog = Symbol('checkout');
    registerDialog(dialog, document.createElement('div'));
    toast.success('Connection restored');
    elsewhere.remove();
    const [waiting] = getToasts();
    expect(waiting && toastPlace(waiting)).toBe('waiting');
    vi.advanceTimersByTime(10_000);
    expect(getToasts()).toHaveLength(1);

    unregisterDialog(dialog);
    const [shown] = getToasts();
    expect(shown && toastPlace(shown)).toBe('page');
    vi.advanceTimersByTime(2900);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(getToasts()).toHaveLength(0);
  });

  it('a toast raised from inside the open dialog shows in it, then on the page once it closes', () => {
    const panel = document.createElement('div');
    const button = document.createElement('button');
    panel.append(button);
    document.body.append(panel);
    button.focus();
    const dialog = Symbol('payment');
    registerDialog(dialog, panel);
    toast.error('Could not cancel');
    const [inside] = getToasts();
    expect(inside?.dialog).toBe(dialog);
    expect(inside && toastPlace(inside)).toBe('dialog');

    unregisterDialog(dialog);
    const [after] = getToasts();
    expect(after?.dialog).toBeUndefined();
    expect(after && toastPlace(after)).toBe('page');
    panel.remove();
  });

  it('a toast raised after the focused control left the dialog (focus on the body) is about the newest dialog', () => {
    const panel = document.createElement('div');
    document.body.append(panel);
    (document.activeElement as HTMLElement | null)?.blur();
    const drawer = Symbol('cart');
    registerDialog(drawer, panel);
    toast.warning('Only 5 left');
    const [inside] = getToasts();
    expect(inside && toastPlace(inside)).toBe('dialog');
    unregisterDialog(drawer);
    panel.remove();
  });

  it('with no dialog open a toast shows at once for its time', () => {
    toast.info('Hello');
    const [item] = getToasts();
    expect(item && toastPlace(item)).toBe('page');
    vi.advanceTimersByTime(3100);
    expect(getToasts()).toHaveLength(0);
  });
});

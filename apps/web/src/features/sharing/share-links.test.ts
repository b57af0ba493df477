import { describe, expect, it, vi } from 'vitest';
import {
  messengerLinks,
  VALIDATING_PHASE_MS,
  withLinkPhases,
  type LinkPhase,
} from './share-links.ts';

describe('messengerLinks', () => {
  it('puts the link, encoded, into each app’s address', () => {
    const links = messengerLinks('https://shop.example/sharewith/a b&c', 'A gift for you');
    expect(links.viber).toBe(
      'viber://forward?text=A%20gift%20for%20you%20https%3A%2F%2Fshop.example%2Fsharewith%2Fa%20b%26c',
    );
    expect(links.telegram).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fshop.example%2Fsharewith%2Fa%20b%26c&text=A%20gift%20for%20you',
    );
    expect(links.messenger).toBe(
      'fb-messenger://share/?link=https%3A%2F%2Fshop.example%2Fsharewith%2Fa%20b%26c',
    );
  });
});

describe('withLinkPhases (spec §4: validating the note, then generating)', () => {
  it('says validating at once, generating after the threshold, idle when done', async () => {
    vi.useFakeTimers();
    const phases: LinkPhase[] = [];
    let finish: (value: string) => void = () => undefined;
    const done = withLinkPhases(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
      (phase) => phases.push(phase),
    );
    expect(phases).toEqual(['validating']);
    vi.advanceTimersByTime(VALIDATING_PHASE_MS - 1);
    expect(phases).toEqual(['validating']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['validating', 'generating']);
    finish('link');
    await expect(done).resolves.toBe('link');
    expect(phases).toEqual(['validating', 'generating', 'idle']);
    vi.useRealTimers();
  });

  it('a quick refusal never says generating, and the error passes through', async () => {
    vi.useFakeTimers();
    const phases: LinkPhase[] = [];
    await expect(
      withLinkPhases(
        () => Promise.reject(new Error('refused')),
        (phase) => phases.push(phase),
      ),
    ).rejects.toThrow('refused');
    vi.advanceTimersByTime(VALIDATING_PHASE_MS * 2);
    expect(phases).toEqual(['validating', 'idle']);
    vi.useRealTimers();
  });
});

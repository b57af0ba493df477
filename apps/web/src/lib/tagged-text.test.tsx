import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { taggedText } from './tagged-text.tsx';

const link = (href: string) => (children: string) => <a href={href}>{children}</a>;

describe('taggedText', () => {
  it('draws each tagged part and keeps the text around it', () => {
    render(
      <p data-testid="p">
        {taggedText('Agree to our <terms>Terms</terms> and <privacy>Privacy Policy</privacy>.', {
          terms: link('/terms'),
          privacy: link('/privacy'),
        })}
      </p>,
    );
    expect(screen.getByTestId('p').textContent).toBe('Agree to our Terms and Privacy Policy.');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('leaves an unknown tag as written and never reads the text as HTML', () => {
    render(<p data-testid="p">{taggedText('a <b>bold</b> <img src=x onerror=alert(1)>', {})}</p>);
    expect(screen.getByTestId('p').textContent).toBe('a <b>bold</b> <img src=x onerror=alert(1)>');
    expect(screen.getByTestId('p').querySelector('b, img')).toBeNull();
  });
});

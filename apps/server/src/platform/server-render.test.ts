import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageLanguage } from './server-render.ts';

const request = (
  query: Record<string, unknown>,
  cookies: Record<string, string>,
  acceptLanguage?: string,
) =>
  ({
    query,
    cookies,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  }) as unknown as FastifyRequest;

describe('pageLanguage (the language a page is rendered in)', () => {
  it('takes ?lang= first, then the cookie, then the browser, else English', () => {
    expect(pageLanguage(request({ lang: 'my' }, { lang: 'en' }, 'en'))).toBe('my');
    expect(pageLanguage(request({ lang: 'mm' }, {}, undefined))).toBe('my');
    expect(pageLanguage(request({}, { lang: 'my' }, 'en-US,en'))).toBe('my');
    expect(pageLanguage(request({}, { lang: 'en' }, 'my-MM,my'))).toBe('en');
    expect(pageLanguage(request({}, {}, 'my-MM,my;q=0.9,en;q=0.5'))).toBe('my');
    expect(pageLanguage(request({}, {}, 'th-TH,th;q=0.9,en;q=0.5'))).toBe('en');
    expect(pageLanguage(request({}, {}, 'fr-FR'))).toBe('en');
    expect(pageLanguage(request({}, {}, undefined))).toBe('en');
  });

  it('ignores values it does not know', () => {
    expect(pageLanguage(request({ lang: 'xx' }, { lang: 'zz' }, 'my'))).toBe('my');
    expect(pageLanguage(request({ lang: ['my'] }, {}, undefined))).toBe('en');
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, registerErrorHandler, sendFrameworkError } from './errors.ts';

/** The one error handler writes an AppError's { en, my } texts in the request's language. */
describe('error handler: localized messages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ frameworkErrors: sendFrameworkError });
    registerErrorHandler(app);
    app.get('/localized', () => {
      throw new AppError(
        'VALIDATION_ERROR',
        { en: 'Wrong thing', my: 'မှားယွင်းနေပါသည်' },
        { thing: { en: 'Wrong thing', my: 'မှားယွင်းနေပါသည်' }, other: 'same everywhere' },
        { retryAfterSeconds: 7 },
      );
    });
    app.get('/plain', () => {
      throw new AppError('NOT_FOUND', 'Plain text');
    });
    app.get('/crash', () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, language?: string) =>
    app.inject({ url, headers: language ? { 'accept-language': language } : {} });

  it('picks English or Burmese by Accept-Language (default Burmese), also for field messages', async () => {
    const english = await get('/localized', 'en-US,en;q=0.9');
    expect(english.statusCode).toBe(400);
    expect(english.headers['retry-after']).toBe('7');
    expect(english.json()).toEqual({
      success: false,
      error: 'Wrong thing',
      message: 'Wrong thing',
      code: 'VALIDATION_ERROR',
      fields: { thing: 'Wrong thing', other: 'same everywhere' },
    });
    const burmese = {
      success: false,
      error: 'မှားယွင်းနေပါသည်',
      message: 'မှားယွင်းနေပါသည်',
      code: 'VALIDATION_ERROR',
      fields: { thing: 'မှားယွင်းနေပါသည်', other: 'same everywhere' },
    };
    expect((await get('/localized', 'my')).json()).toEqual(burmese);
    expect((await get('/localized')).json()).toEqual(burmese);
  });

  it('an AppError keeps its English as Error.message; a plain string is sent as it is', async () => {
    expect(new AppError('BAD_REQUEST', { en: 'English', my: 'မြန်မာ' }).message).toBe('English');
    expect((await get('/plain', 'my')).json()).toMatchObject({ error: 'Plain text' });
  });

  it('the unexpected-error and bad-address fallbacks are translated too', async () => {
    const en = await get('/crash', 'en');
    expect(en.statusCode).toBe(500);
    expect(en.json()).toMatchObject({
      code: 'INTERNAL_ERROR',
      error: 'An unexpected error occurred. Please try again.',
    });
    expect((await get('/crash', 'my')).json()).toMatchObject({
      error: 'မမျှော်လင့်ထားသော အမှားတစ်ခု ဖြစ်ပွားခဲ့သည်။ ထပ်မံကြိုးစားပါ။',
    });
    const badUrl = await get('/%E0%A4%A', 'en');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ error: 'The address is not valid' });
    expect((await get('/%E0%A4%A', 'my')).json()).toMatchObject({ error: 'လိပ်စာ မမှန်ကန်ပါ' });
  });
});

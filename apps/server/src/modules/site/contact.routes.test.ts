import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import { siteSettings } from './site.tables.ts';

describe('GET /api/v1/site/contact', () => {
  const t = openTestApp();
  const setContact = async (value: unknown) => {
    await t.database.db.delete(siteSettings).where(eq(siteSettings.key, 'call_centre'));
    await t.database.db.insert(siteSettings).values({ key: 'call_centre', value });
  };

  it('answers 404 while no call-centre details are configured', async () => {
    const res = await t.app.inject({ url: '/api/v1/site/contact' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      error: 'Contact details not found',
    });
  });

  it('answers the phone, email and business hours with ISO weekdays', async () => {
    await setContact({
      phone: '+95 9 123 456 789',
      email: 'support@myantopup.example',
      hours: {
        start: '09:00',
        end: '17:00',
        workingDays: ['Friday', 'Monday', 'tue', 'Wednesday', 4],
        timezone: 'Asia/Yangon',
      },
    });
    const res = await t.app.inject({ url: '/api/v1/site/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        phone: '+95 9 123 456 789',
        email: 'support@myantopup.example',
        hours: {
          start: '09:00',
          end: '17:00',
          workingDays: [1, 2, 3, 4, 5],
          timezone: 'Asia/Yangon',
        },
      },
    });
  });

  it("falls back to the spec's hours (Monday-Friday 09:00-17:00 Asia/Yangon) when they are unreadable", async () => {
    await setContact({
      phone: '09 123 456 789',
      email: 'help@example.com',
      hours: { start: '9am', end: '5pm' },
    });
    const res = await t.app.inject({ url: '/api/v1/site/contact' });
    expect(res.json<{ data: { hours: unknown } }>().data.hours).toEqual({
      start: '09:00',
      end: '17:00',
      workingDays: [1, 2, 3, 4, 5],
      timezone: 'Asia/Yangon',
    });
  });
});

import { defaultBusinessHours, type CallCentreContact } from '@shop/contracts/catalogue';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { CALL_CENTRE_SETTING, createContactRepo, type ContactRepo } from './contact.repo.ts';

export { CALL_CENTRE_SETTING, CLAIMS_SETTING, FESTIVALS_SETTING } from './contact.repo.ts';

/** What the back-office's settings page does to the site's settings, in its own transaction. */
export type SiteSettingRecords = Pick<
  ContactRepo,
  'readSetting' | 'lockSetting' | 'writeSetting' | 'deleteSetting'
>;
export const siteSettingRecords = (db: Db): SiteSettingRecords => createContactRepo(db);

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** ISO weekday numbers (1 = Monday) from numbers or names ("Monday", "mon"), as stored. */
const workingDaySchema = z.union([
  z.int().min(1).max(7),
  z.string().transform((name, ctx) => {
    const lower = name.trim().toLowerCase();
    const index = weekdays.findIndex((day) => lower.length >= 3 && day.startsWith(lower));
    if (index >= 0) return index + 1;
    ctx.addIssue({ code: 'custom', message: `unknown weekday ${name}` });
    return z.NEVER;
  }),
]);

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** The stored setting; hours that are missing or unreadable fall back to the spec's (§9). */
const storedContactSchema = z.object({
  phone: z.string().min(1),
  email: z.string(),
  viber: z.string().min(1).optional().catch(undefined),
  hours: z
    .object({
      start: timeSchema,
      end: timeSchema,
      workingDays: z.array(workingDaySchema),
      timezone: z.string().min(1),
    })
    .optional()
    .catch(undefined),
});

/** The stored call-centre setting as the shop answers it; null when missing or unreadable. */
export function parseCallCentre(value: unknown): CallCentreContact | null {
  const parsed = storedContactSchema.safeParse(value);
  if (!parsed.success) return null;
  const { phone, email, viber, hours } = parsed.data;
  return {
    phone,
    email,
    ...(viber ? { viber } : {}),
    hours: hours
      ? { ...hours, workingDays: [...new Set(hours.workingDays)].sort((a, b) => a - b) }
      : defaultBusinessHours,
  };
}

export function createContactService(repo: ContactRepo) {
  return {
    async callCentreContact(): Promise<CallCentreContact> {
      const contact = parseCallCentre(await repo.readSetting(CALL_CENTRE_SETTING));
      if (!contact) throw notFound('Contact details not found');
      return contact;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { ErrorBody } from '@shop/contracts/errors';
import type { RecipientResponse, SavedRecipient } from '@shop/contracts/recipients';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import { otherInstance } from '../../test/app-kit.ts';
import { login, outboxFor } from '../../test/auth-kit.ts';
import { call, signedIn } from '../../test/checkout-kit.ts';
import { orderRowsOf, paidOrder } from '../../test/fulfilment-kit.ts';
import {
  openPushingShop,
  pushDevice,
  startPushService,
  startTarpit,
  subscribePush,
  until,
} from '../../test/push-kit.ts';
import { users } from '../auth/auth.tables.ts';
import { recipientOrderRecords } from '../orders/orders.service.ts';
import { createRecipientReminders, RECIPIENT_REMINDER_JOB } from './recipient-reminders.ts';
import { createRecipientsRepo, recipientsTransaction } from './recipients.repo.ts';
import { savedRecipients } from './recipients.tables.ts';

/*
 * Issue 31, reminders instead of auto top-up (ADR 0079): "remind me every N days for Mum" sends
 * a push and an e-mail with a link to a ready cart; it stops when turned off, or by itself after 3
 * reminders in a row with no paid order to the number.
 */
const URL = '/api/v1/recipients';
const DAY = 24 * 60 * 60 * 1000;

describe('reminders to top up a saved number', () => {
  const s = openPushingShop(startPushService);
  let mptTopup: string;
  let number = 0;
  /** A fresh MPT number for each saved recipient, so paid orders of one never answer another. */
  const nextNumber = () =>
    `0925${String(Date.now() % 1000).padStart(3, '0')}${String(number++).padStart(4, '0')}`;

  beforeAll(() => {
    mptTopup = s.catalogue.productId('T-MPT-1000');
  });

  type Customer = Awaited<ReturnType<typeof signedIn>>;
  /** New tokens after the clock moved past the old ones' 15 minutes. */
  const again = async (customer: Customer): Promise<Customer> => {
    const tokens = await login(s.t, customer.person);
    return {
      ...customer,
      headers: { ...customer.headers, authorization: `Bearer ${tokens.data.accessToken}` },
    };
  };
  const save = async (customer: Customer, body: object) => {
    const res = await call(s, 'POST', URL, customer.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecipientResponse>().data;
  };
  const reminderJobs = async () =>
    (await s.t.database.db.select().from(jobs)).filter((j) => j.type === RECIPIENT_REMINDER_JOB);
  const rowOf = async (id: string) => {
    const [row] = await s.t.database.db
      .select()
      .from(savedRecipients)
      .where(eq(savedRecipients.id, id));
    return row;
  };
  const remindersTo = (customer: Customer) =>
    outboxFor(s.t, customer.person.email).filter((m) => m.subject.includes('top up'));

  it('turns reminders on, shows when the next is due, and turns them off', async () => {
    const customer = await signedIn(s);
    const saved = await save(customer, {
      name: 'Mum',
      phoneNumber: nextNumber(),
      usualProductId: mptTopup,
      remindEveryDays: 14,
    });
    expect(saved.reminder).toEqual({
      everyDays: 14,
      nextAt: new Date(s.clock().getTime() + 14 * DAY).toISOString(),
    });
    expect(saved.reminderStoppedAt).toBeNull();

    // Another interval starts afresh; an edit of the name keeps the schedule.
    s.clock.advance(1000);
    const changed = await call(s, 'PATCH', `${URL}/${saved.id}`, customer.headers, {
      remindEveryDays: 7,
    });
    expect(changed.statusCode).toBe(200);
    const weekly = changed.json<RecipientResponse>().data.reminder;
    expect(weekly).toEqual({
      everyDays: 7,
      nextAt: new Date(s.clock().getTime() + 7 * DAY).toISOString(),
    });
    s.clock.advance(1000);
    const renamed = await call(s, 'PATCH', `${URL}/${saved.id}`, customer.headers, {
      name: 'Mother',
      remindEveryDays: 7,
    });
    expect(renamed.json<RecipientResponse>().data.reminder).toEqual(weekly);

    const off = await call(s, 'PATCH', `${URL}/${saved.id}`, customer.headers, {
      remindEveryDays: null,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<RecipientResponse>().data.reminder).toBeNull();
    expect((await rowOf(saved.id))?.remindNextAt).toBeNull();
  });

  it('refuses a bad interval, and reminders with nothing to put in the cart, in both languages', async () => {
    const customer = await signedIn(s);
    const phoneNumber = nextNumber();
    const cases: [object, string, string][] = [
      [
        { name: 'Mum', phoneNumber, usualProductId: mptTopup, remindEveryDays: 10 },
        'Choose a reminder every 7, 14 or 30 days',
        'သတိပေးချက်ကို ၇ ရက်၊ ၁၄ ရက် သို့မဟုတ် ၃၀ ရက်တစ်ကြိမ် ရွေးပါ',
      ],
      [
        { name: 'Mum', phoneNumber, usualProductId: mptTopup, remindEveryDays: '7' },
        'Choose a reminder every 7, 14 or 30 days',
        'သတိပေးချက်ကို ၇ ရက်၊ ၁၄ ရက် သို့မဟုတ် ၃၀ ရက်တစ်ကြိမ် ရွေးပါ',
      ],
      [
        { name: 'Mum', phoneNumber, remindEveryDays: 7 },
        'Choose a usual product first: the reminder brings a cart with it',
        'သတိပေးချက်တွင် ဈေးခြင်းတောင်း အဆင်သင့်ပါရန် ပုံမှန်ဝယ်သော ပစ္စည်းကို အရင်ရွေးပါ',
      ],
    ];
    for (const [body, english, burmese] of cases) {
      const en = await call(s, 'POST', URL, customer.headers, body);
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      expect(en.json<ErrorBody>().error).toBe(english);
      const my = await call(s, 'POST', URL, { ...customer.headers, 'accept-language': 'my' }, body);
      expect(my.statusCode).toBe(400);
      expect(my.json<ErrorBody>().error).toBe(burmese);
    }
    expect((await call(s, 'GET', URL, customer.headers)).json<{ data: unknown[] }>().data).toEqual(
      [],
    );

    // Saved without a product, it cannot be turned on; nor can the usual product be dropped
    // while reminders are on and no paid order names one.
    const plain = await save(customer, { name: 'Dad', phoneNumber });
    const refused = await call(s, 'PATCH', `${URL}/${plain.id}`, customer.headers, {
      remindEveryDays: 30,
    });
    expect(refused.statusCode).toBe(400);
    expect((await rowOf(plain.id))?.remindEveryDays).toBeNull();
    const on = await call(s, 'PATCH', `${URL}/${plain.id}`, customer.headers, {
      usualProductId: mptTopup,
      remindEveryDays: 30,
    });
    expect(on.statusCode).toBe(200);
    const drop = await call(s, 'PATCH', `${URL}/${plain.id}`, customer.headers, {
      usualProductId: null,
    });
    expect(drop.statusCode).toBe(400);
    expect((await rowOf(plain.id))?.usualProductId).toBe(mptTopup);
  });

  it('sends once when due: a push to each device and an e-mail, in the language turned on in', async () => {
    const customer = await signedIn(s);
    const phoneNumber = nextNumber();
    const endpoint = `${s.pushService.url}/push/${randomBytes(6).toString('hex')}`;
    const subscribed = await subscribePush(s, customer.headers, pushDevice(endpoint).body('my'));
    expect(subscribed.statusCode).toBe(201);
    const saved: SavedRecipient = (
      await call(
        s,
        'POST',
        URL,
        { ...customer.headers, 'accept-language': 'my' },
        { name: 'Mum', phoneNumber, usualProductId: mptTopup, remindEveryDays: 7 },
      )
    ).json<RecipientResponse>().data;

    // Not due yet: nothing.
    s.clock.advance(7 * DAY - 60_000);
    await s.t.app.sendDueReminders();
    expect((await reminderJobs()).filter((j) => j.payload.recipientId === saved.id)).toEqual([]);

    s.clock.advance(60_000);
    expect((await s.t.app.sendDueReminders()).queued).toBeGreaterThanOrEqual(1);
    await s.t.app.sendDueReminders();
    const queued = (await reminderJobs()).filter((j) => j.payload.recipientId === saved.id);
    expect(queued).toHaveLength(1);
    await s.t.app.runPendingJobs();
    await s.t.app.runPendingJobs();

    expect(s.pushService.received.filter((push) => endpoint.endsWith(push.path))).toHaveLength(1);
    const mails = outboxFor(s.t, customer.person.email).filter((m) =>
      m.subject.startsWith('Mum ('),
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const masked = `0925${'•'.repeat(phoneNumber.length - 7)}${phoneNumber.slice(-3)}`;
    expect(mail?.subject).toBe(`Mum (${masked}) အတွက် ငွေဖြည့်ချိန် ရောက်ပါပြီ`);
    expect(mail?.text).toContain('MPT ၁,၀၀၀ ကျပ်');
    expect(mail?.text).toContain(`http://shop.test/recipients?topUp=${saved.id}`);
    expect(mail?.text).not.toContain(phoneNumber.slice(4, 8));

    // The next one is a week on.
    const row = await rowOf(saved.id);
    expect(row?.remindNextAt?.toISOString()).toBe(
      new Date(s.clock().getTime() + 7 * DAY).toISOString(),
    );
    // The English words, as a device set to English gets them.
    const { reminderWords } = await import('./recipient-reminders.ts');
    const view = (await call(s, 'GET', URL, (await again(customer)).headers)).json<{
      data: SavedRecipient[];
    }>().data[0];
    if (!view) throw new Error('no saved number');
    expect(reminderWords(view, 7, 'en').body).toBe(
      `Time to top up Mum (${masked}): MPT 1,000 Ks. Tap for a ready cart.`,
    );
  });

  it('two instances on one database send each due reminder once', async () => {
    const customer = await signedIn(s);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (
          await save(customer, {
            name: `Friend ${String(i)}`,
            phoneNumber: nextNumber(),
            usualProductId: mptTopup,
            remindEveryDays: 7,
          })
        ).id,
      );
    // Due by both instances' clocks (the second has the system's).
    for (const id of ids)
      await s.t.database.db
        .update(savedRecipients)
        .set({ remindNextAt: new Date(Date.now() - 60_000) })
        .where(eq(savedRecipients.id, id));
    const second = await otherInstance(s.t);
    try {
      await Promise.all([
        s.t.app.sendDueReminders(),
        second.app.sendDueReminders(),
        s.t.app.sendDueReminders(),
        second.app.sendDueReminders(),
      ]);
    } finally {
      await second.close();
    }
    const queued = (await reminderJobs()).filter((j) =>
      ids.includes(String(j.payload.recipientId)),
    );
    expect(queued).toHaveLength(ids.length);
    expect(new Set(queued.map((j) => j.payload.recipientId)).size).toBe(ids.length);
  });

  it('stops by itself after 3 ignored in a row; paying resets the count', async () => {
    let customer = await signedIn(s);
    const ignoredNumber = nextNumber();
    const paidNumber = nextNumber();
    const ignored = await save(customer, {
      name: 'Ignored',
      phoneNumber: ignoredNumber,
      usualProductId: mptTopup,
      remindEveryDays: 7,
    });
    const answered = await save(customer, {
      name: 'Answered',
      phoneNumber: paidNumber,
      usualProductId: mptTopup,
      remindEveryDays: 7,
    });
    const week = async () => {
      s.clock.advance(7 * DAY);
      await s.t.app.sendDueReminders();
    };
    await week(); // 1st sent
    await week(); // 2nd sent: the 1st ignored
    expect((await rowOf(answered.id))?.remindIgnored).toBe(1);
    // A paid order to the "answered" number, after its 2nd reminder.
    customer = await again(customer);
    await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: paidNumber }], {
      user: customer,
    });
    await week(); // 3rd sent: "ignored" 2 in a row; "answered" back to 0
    expect((await rowOf(ignored.id))?.remindIgnored).toBe(2);
    expect((await rowOf(answered.id))?.remindIgnored).toBe(0);
    await week(); // "ignored": the 3rd ignored too, so it stops and sends no 4th
    const sentTo = async (id: string) =>
      (await reminderJobs()).filter((j) => j.payload.recipientId === id).length;
    expect(await sentTo(ignored.id)).toBe(3);
    expect(await sentTo(answered.id)).toBe(4);
    await week();
    expect(await sentTo(ignored.id)).toBe(3);

    customer = await again(customer);
    const list = (await call(s, 'GET', URL, customer.headers)).json<{ data: SavedRecipient[] }>()
      .data;
    const stopped = list.find((r) => r.id === ignored.id);
    expect(stopped?.reminder).toBeNull();
    expect(stopped?.reminderStoppedAt).toBe(new Date(s.clock().getTime() - 7 * DAY).toISOString());
    expect(list.find((r) => r.id === answered.id)?.reminder?.everyDays).toBe(7);

    // Turned on again: counted afresh, and the stop is forgotten.
    const on = await call(s, 'PATCH', `${URL}/${ignored.id}`, customer.headers, {
      remindEveryDays: 7,
    });
    expect(on.json<RecipientResponse>().data).toMatchObject({
      reminderStoppedAt: null,
      reminder: { everyDays: 7 },
    });
    expect((await rowOf(ignored.id))?.remindIgnored).toBe(0);
  });

  it('sends nothing for a saved number deleted, or an account deleted, after it was queued', async () => {
    let customer = await signedIn(s);
    const gone = await signedIn(s);
    const deleted = await save(customer, {
      name: 'Deleted',
      phoneNumber: nextNumber(),
      usualProductId: mptTopup,
      remindEveryDays: 7,
    });
    await save(gone, {
      name: 'Mum',
      phoneNumber: nextNumber(),
      usualProductId: mptTopup,
      remindEveryDays: 7,
    });
    s.clock.advance(7 * DAY);
    await s.t.app.sendDueReminders();
    customer = await again(customer);
    expect((await call(s, 'DELETE', `${URL}/${deleted.id}`, customer.headers)).statusCode).toBe(
      200,
    );
    await s.t.database.db.delete(users).where(eq(users.id, gone.userId));
    await s.t.app.runPendingJobs();
    expect(remindersTo(customer)).toEqual([]);
    expect(remindersTo(gone)).toEqual([]);
  });
});

describe('reminders whose push service or mail server never answers', () => {
  const s = openPushingShop(startTarpit);
  const { orderStatus } = orderRowsOf(() => s);

  it('holds neither fulfilment nor the reminders past the push budget', async () => {
    const mptTopup = s.catalogue.productId('T-MPT-1000');
    const customers: Awaited<ReturnType<typeof signedIn>>[] = [];
    for (let i = 0; i < 6; i++) {
      const customer = await signedIn(s);
      for (let d = 0; d < 3; d++) {
        const res = await subscribePush(
          s,
          customer.headers,
          pushDevice(`${s.pushService.url}/c${String(i)}/d${String(d)}`).body('en'),
        );
        expect(res.statusCode).toBe(201);
      }
      const saved = await call(s, 'POST', URL, customer.headers, {
        name: 'Mum',
        phoneNumber: `092501${String(i).padStart(5, '0')}`,
        usualProductId: mptTopup,
        remindEveryDays: 7,
      });
      expect(saved.statusCode).toBe(201);
      customers.push(customer);
    }
    s.clock.advance(7 * DAY);
    expect((await s.t.app.sendDueReminders()).queued).toBe(6);
    await s.t.app.startJobWorker();
    expect(await until(() => s.pushService.open() >= 1, 5000)).toBe(true);

    // A paid top-up completes at once while the reminders' pushes hang.
    const buyer = await signedIn(s);
    const started = performance.now();
    const { order } = await paidOrder(
      s,
      [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: '09250000001' }],
      { user: buyer },
    );
    const completed = await until(
      async () => (await orderStatus(order.orderId)) === 'completed',
      20_000,
    );
    expect(completed).toBe(true);
    expect((performance.now() - started) / 1000).toBeLessThan(2);

    // Each reminder gives up its pushes after the budget and still sends its e-mail.
    expect(
      await until(
        () =>
          customers.every((c) =>
            outboxFor(s.t, c.person.email).some((m) => m.subject.startsWith('Time to top up')),
          ),
        20_000,
      ),
    ).toBe(true);
  }, 60_000);

  it('fails an e-mail that outlasts its budget, to be retried', async () => {
    const db = s.t.database.db;
    const customer = await signedIn(s);
    const saved = (
      await call(s, 'POST', URL, customer.headers, {
        name: 'Dad',
        phoneNumber: '09250099991',
        usualProductId: s.catalogue.productId('T-MPT-1000'),
        remindEveryDays: 30,
      })
    ).json<RecipientResponse>().data;
    const pushed: string[] = [];
    const reminders = createRecipientReminders({
      repo: createRecipientsRepo(db),
      transaction: recipientsTransaction(db),
      ordersIn: recipientOrderRecords,
      recipients: { view: () => Promise.resolve(saved) },
      push: {
        sendToAccount: (userId) => {
          pushed.push(userId);
          return Promise.resolve(1);
        },
      },
      // A mail server that takes the message and never answers.
      mailer: { send: () => new Promise<void>(() => undefined), close: () => undefined },
      account: () => Promise.resolve({ email: customer.person.email }),
      publicUrl: 'http://shop.test',
      clock: s.clock,
      log: pino({ level: 'silent' }),
      wake: () => undefined,
      emailBudgetMs: 300,
    });
    s.clock.advance(30 * DAY);
    await reminders.sweep();
    const job = (await db.select().from(jobs)).find(
      (j) => j.type === RECIPIENT_REMINDER_JOB && j.payload.recipientId === saved.id,
    );
    if (!job) throw new Error('no reminder job');
    const started = performance.now();
    await expect(reminders.jobTypes[RECIPIENT_REMINDER_JOB].handle(job)).rejects.toThrow(
      'the reminder e-mail took longer than 300 ms',
    );
    expect(performance.now() - started).toBeLessThan(1500);
    expect(pushed).toEqual([customer.userId]);
  });
});

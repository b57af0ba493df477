import { formatKyat } from '@shop/contracts/money';
import type { Language } from '@shop/contracts/i18n';
import { localDigits } from '@shop/contracts/languages';
import {
  fillReminderText,
  maskedRecipientNumber,
  readyCartLine,
  REMINDER_IGNORED_MAX,
  reminderTexts,
  type SavedRecipient,
} from '@shop/contracts/recipients';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { JobRow, JobType } from '../../platform/job-worker.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/messaging.ts';
import type { PushService } from '../notifications/push.service.ts';
import type { recipientOrderRecords } from '../orders/orders.service.ts';
import type { RecipientRow, RecipientsRepo, RecipientsTransaction } from './recipients.repo.ts';
import { addDays, type RecipientsService } from './recipients.service.ts';

export const RECIPIENT_REMINDER_JOB = 'recipient_reminder';
/** Rows one sweep transaction takes; the sweep goes on until fewer are due. */
const SWEEP_BATCH = 200;
/**
 * The e-mail's share of a reminder job's time (the push has its own 3 s, push.service.ts): an SMTP
 * server slower than this fails the job, which is retried later (the push is not sent twice).
 */
export const REMINDER_EMAIL_BUDGET_MS = 10_000;

/** What a reminder needs of the account: null when it is gone or blocked (nothing is sent). */
export type ReminderAccount = (userId: string) => Promise<{ email: string | null } | null>;

/** The page a reminder opens: the saved numbers, which fill the cart for `id` (after sign-in). */
export const readyCartPath = (recipientId: string) =>
  `/recipients?topUp=${encodeURIComponent(recipientId)}`;

/** A reminder's words in one language: the holes of reminderTexts filled in. */
export function reminderWords(saved: SavedRecipient, everyDays: number, language: Language) {
  const line = readyCartLine(saved);
  const product = line
    ? line.quantity > 1
      ? `${localDigits(String(line.quantity), language)} × ${line.product._nameMultilingual[language]}`
      : line.product._nameMultilingual[language]
    : '';
  const values = {
    name: saved.name,
    number: maskedRecipientNumber(saved.phoneNumber),
    product,
    price: line ? formatKyat(line.product.price * line.quantity, language) : '',
    days: localDigits(String(everyDays), language),
  };
  const say = (text: { en: string; my: string }) => fillReminderText(text[language], values);
  return {
    title: say(reminderTexts.title),
    body: say(line ? reminderTexts.body : reminderTexts.bodyNoProduct),
    subject: say(reminderTexts.emailSubject),
    email: (url: string) =>
      [
        say(line ? reminderTexts.body : reminderTexts.bodyNoProduct),
        '',
        say(line ? reminderTexts.emailReady : reminderTexts.emailChoose),
        url,
        '',
        say(reminderTexts.emailWhy),
        say(reminderTexts.emailStop),
      ].join('\n'),
  };
}

function withinBudget<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} took longer than ${String(ms)} ms`));
    }, ms);
  });
  return Promise.race([work, late]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Reminders to top up a saved number (issue 31, ADR 0079). The sweep takes the due rows under
 * FOR UPDATE SKIP LOCKED, counts the last reminder ignored or answered (a paid order to the number
 * newer than the mark taken when it was sent), stops after REMINDER_IGNORED_MAX ignored in a row,
 * and otherwise moves the row to its next date and queues a job in the same transaction: one job
 * per due reminder, whichever instance swept. The job sends the push and the e-mail in a lane of
 * the job worker of its own, so neither ever holds fulfilment's slots.
 */
export function createRecipientReminders(deps: {
  repo: RecipientsRepo;
  transaction: RecipientsTransaction;
  ordersIn: typeof recipientOrderRecords;
  recipients: Pick<RecipientsService, 'view'>;
  push: Pick<PushService, 'sendToAccount'>;
  mailer: Mailer;
  account: ReminderAccount;
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A job was queued: the worker looks now. */
  wake: () => void;
  /** REMINDER_EMAIL_BUDGET_MS unless a test gives a shorter one. */
  emailBudgetMs?: number;
}) {
  const { repo, clock, log } = deps;
  const emailBudgetMs = deps.emailBudgetMs ?? REMINDER_EMAIL_BUDGET_MS;

  /** One batch: answers how many rows were due, and how many reminders were queued. */
  function sweepBatch(now: Date) {
    return deps.transaction(async (txRepo, tx) => {
      const due = await txRepo.lockDueReminders(now, SWEEP_BATCH);
      const numbersOf = new Map<string, string[]>();
      for (const row of due)
        numbersOf.set(row.userId, [...(numbersOf.get(row.userId) ?? []), row.phoneNumber]);
      const lastPaid = new Map<string, Date>();
      for (const [userId, numbers] of numbersOf)
        for (const line of await deps.ordersIn(tx).lastPaidLinesTo(userId, numbers))
          if (line.item.phoneNumber)
            lastPaid.set(`${userId}:${line.item.phoneNumber}`, line.order.createdAt);
      let queued = 0;
      let stopped = 0;
      for (const row of due) {
        const paid = lastPaid.get(`${row.userId}:${row.phoneNumber}`) ?? null;
        const answered =
          paid !== null && (row.remindPaidMark === null || paid > row.remindPaidMark);
        // The first reminder has nothing before it to answer.
        const ignored = row.remindSentAt === null ? 0 : answered ? 0 : row.remindIgnored + 1;
        if (ignored >= REMINDER_IGNORED_MAX || row.remindEveryDays === null) {
          await txRepo.setReminder(row.id, {
            remindNextAt: null,
            remindIgnored: ignored,
            remindStoppedAt: now,
          });
          stopped++;
          continue;
        }
        await txRepo.setReminder(row.id, {
          remindSentAt: now,
          remindNextAt: addDays(now, row.remindEveryDays),
          remindPaidMark: paid,
          remindIgnored: ignored,
        });
        await enqueueJob(tx, {
          type: RECIPIENT_REMINDER_JOB,
          dedupeKey: `${RECIPIENT_REMINDER_JOB}:${row.id}:${(row.remindNextAt ?? now).toISOString()}`,
          payload: { recipientId: row.id, userId: row.userId, sentAt: now.toISOString() },
        });
        queued++;
      }
      return { due: due.length, queued, stopped };
    });
  }

  /** Sends one queued reminder, if its row is still there and still on the same send. */
  async function send(job: JobRow): Promise<void> {
    const { recipientId, userId, sentAt } = job.payload;
    if (typeof recipientId !== 'string' || typeof userId !== 'string' || typeof sentAt !== 'string')
      throw new Error(`reminder job ${job.id} has no recipientId, userId or sentAt`);
    const row: RecipientRow | null = await repo.find(userId, recipientId);
    // Deleted, turned off, or turned off and on again since it was queued: nothing to send.
    if (
      !row ||
      row.remindNextAt === null ||
      row.remindEveryDays === null ||
      row.remindSentAt?.toISOString() !== sentAt
    )
      return;
    const account = await deps.account(userId);
    if (!account) return;
    const saved = await deps.recipients.view(row, 'en');
    const path = readyCartPath(row.id);
    const everyDays = row.remindEveryDays;
    const devices = await deps.push.sendToAccount(userId, `topup_reminder:${row.id}:${sentAt}`, {
      payload: (language) => {
        const words = reminderWords(saved, everyDays, language);
        return {
          event: 'topup_reminder',
          title: words.title,
          body: words.body,
          url: path,
          tag: `topup_reminder:${row.id}`,
        };
      },
      urgency: 'normal',
      topic: 'topup-reminder',
    });
    if (account.email) {
      const words = reminderWords(saved, everyDays, row.remindLanguage ?? 'my');
      await withinBudget(
        deps.mailer.send({
          to: account.email,
          subject: words.subject,
          text: words.email(`${deps.publicUrl}${path}`),
        }),
        emailBudgetMs,
        'the reminder e-mail',
      );
    }
    log.info({ recipientId, devices, email: account.email !== null }, 'top-up reminder sent');
  }

  return {
    /** Queues every reminder due now (the periodic sweep; tests call it with their clock). */
    async sweep(): Promise<{ queued: number; stopped: number }> {
      const now = clock();
      const total = { queued: 0, stopped: 0 };
      for (;;) {
        const batch = await sweepBatch(now);
        total.queued += batch.queued;
        total.stopped += batch.stopped;
        if (batch.due < SWEEP_BATCH) break;
      }
      if (total.queued > 0) deps.wake();
      return total;
    },
    jobTypes: { [RECIPIENT_REMINDER_JOB]: { handle: send } } satisfies Record<string, JobType>,
  };
}

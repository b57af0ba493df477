import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@shop/contracts/admin';
import { toInternationalPhone } from '@shop/contracts/phone';
import type { Db } from '../../platform/db.ts';
import { staffAccountRecords, type Claim, type StaffAccountRecords } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password-policy.ts';
import { createAuditRepo } from './audit.repo.ts';
import { createAuditService } from './audit.service.ts';
import { createStaffRepo } from './staff.repo.ts';

export interface StaffAccountRequest {
  email: string;
  role: StaffRole;
  /** Needed only for a new account (every account has a phone number). */
  name?: string | undefined;
  phone?: string | undefined;
  /** Where the request came from, for the audit log (e.g. "command line"). */
  source: string;
}

export type StaffAccountResult =
  | { ok: true; created: boolean; userId: string; email: string; password: string }
  | { ok: false; problem: string };

/** The account that proved the e-mail or phone, if any. */
async function provedHolder(accounts: StaffAccountRecords, claim: Claim) {
  const [first] = await accounts.findClaimants(claim, 1);
  const proved = claim.channel === 'email' ? first?.emailVerifiedAt : first?.phoneVerifiedAt;
  return proved ? first : undefined;
}

/** A one-time password: 120 random bits, 20 characters (ADR 0033). */
const oneTimePassword = () => randomBytes(15).toString('base64url');

/**
 * Creates a staff account, or makes an existing account staff (issue 17: `npm run admin:create`).
 * Either way the account gets a new one-time password (answered once, stored only hashed), its
 * second factor is forgotten so the next sign-in enrols a new authenticator, its sessions end,
 * and the audit log says so, all in one transaction.
 */
export async function createOrPromoteStaff(
  db: Db,
  request: StaffAccountRequest,
  now = new Date(),
): Promise<StaffAccountResult> {
  const email = request.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    return { ok: false, problem: `"${request.email}" is not an email address` };
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const accounts = staffAccountRecords(tx);
    const staff = createStaffRepo(tx);
    const audit = createAuditService({ repo: createAuditRepo(tx), clock: () => now });
    // Only the account that proved the e-mail has it (ADR 0046): an unproved claim of it may be a
    // squatter's, which must not get the role (nor the e-mail counted as proved).
    const existing = await provedHolder(accounts, { channel: 'email', target: email });
    let userId: string;
    let before: unknown = null;
    if (existing) {
      userId = existing.id;
      before = { role: existing.role };
      await accounts.setRoleAndPassword(existing.id, request.role, passwordHash, now);
      await accounts.revokeUserFamilies(existing.id, 'password_reset', now);
      await staff.resetSecondFactor(existing.id, now);
    } else {
      const phoneNumber = request.phone ? toInternationalPhone(request.phone) : null;
      if (!phoneNumber)
        return {
          ok: false as const,
          problem: request.phone
            ? `"${request.phone}" is not a Myanmar mobile number`
            : `no account has ${email}: give --phone (and --name) to create one`,
        };
      if (await provedHolder(accounts, { channel: 'sms', target: phoneNumber }))
        return { ok: false as const, problem: 'that phone number belongs to another account' };
      const inserted = await accounts.insertStaffUser({
        name: request.name?.trim() || email.split('@')[0] || email,
        email,
        phoneNumber,
        passwordHash,
        role: request.role,
        now,
      });
      // Taken since the look-up above (another run at the same time): the transaction is spoilt.
      if ('taken' in inserted) throw new Error(`that ${inserted.taken} was just taken; try again`);
      userId = inserted.user.id;
      // The staff account holds the e-mail now; the unproved claims of it are dropped.
      await accounts.dropOtherClaims({ channel: 'email', target: email }, userId);
    }
    await audit.record(
      tx,
      { userId, email, address: request.source },
      {
        action: existing ? 'staff.promoted' : 'staff.created',
        targetType: 'user',
        targetId: userId,
        before,
        after: { role: request.role },
      },
    );
    return { ok: true as const, created: !existing, userId, email, password };
  });
}

/** The embedded demo's staff account (RFC 2606 example domain; an OOREDOO-shaped demo number). */
export const DEMO_ADMIN = {
  email: 'admin@shop.example.com',
  name: 'Demo admin',
  phone: '09970000099',
} as const;

/** The file in DATA_DIR that keeps the demo admin's first login (main.ts). */
export const DEMO_ADMIN_LOGIN_FILE = 'demo-admin-login.txt';

/**
 * The demo's admin, made once: answers its login when it was made now, null when it existed
 * already (so its password is printed on the first start only).
 */
export async function ensureDemoAdmin(
  db: Db,
  now = new Date(),
): Promise<{ email: string; password: string } | null> {
  if (await provedHolder(staffAccountRecords(db), { channel: 'email', target: DEMO_ADMIN.email }))
    return null;
  const result = await createOrPromoteStaff(
    db,
    { ...DEMO_ADMIN, role: 'admin', source: 'demo start-up' },
    now,
  );
  if (!result.ok) throw new Error(`demo admin not created: ${result.problem}`);
  return { email: result.email, password: result.password };
}

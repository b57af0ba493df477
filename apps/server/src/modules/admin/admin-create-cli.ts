import { parseArgs } from 'node:util';
import { staffRoles, type StaffRole } from '@shop/contracts/admin';
import { openCliDatabase } from '../../platform/cli-database.ts';
import { createOrPromoteStaff } from './staff-accounts.ts';

// `npm run admin:create -- --email owner@example.com [--role admin|support] [--phone 09… --name …]`
// Creates a staff account (phone and name needed then) or makes an existing account staff, and
// prints a one-time password. The first sign-in at /admin enrols an authenticator (ADR 0033).

const usage =
  'usage: npm run admin:create -- --email <address> [--role admin|support] [--phone <09…> --name <name>]';
let values: { email?: string; role?: string; phone?: string; name?: string };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      phone: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const role = (values.role ?? 'admin') as StaffRole;
if (!values.email || !(staffRoles as readonly string[]).includes(role)) {
  console.error(usage);
  process.exit(2);
}

const { database, close } = await openCliDatabase();
let exitCode = 0;
try {
  const result = await createOrPromoteStaff(database.db, {
    email: values.email,
    role,
    phone: values.phone,
    name: values.name,
    source: 'command line (admin:create)',
  });
  if (!result.ok) {
    console.error(`Nothing changed: ${result.problem}.`);
    exitCode = 1;
  } else {
    console.log(
      result.created
        ? `Created the ${role} account ${result.email}.`
        : `${result.email} is now ${role}; its earlier password, authenticator and sessions no longer work.`,
    );
    console.log(`One-time password (shown only now): ${result.password}`);
    console.log('Sign in at /admin with it; the first sign-in sets up the authenticator app.');
  }
} catch (err) {
  console.error(`admin:create failed, nothing changed: ${(err as Error).message}`);
  exitCode = 1;
} finally {
  await close();
}
process.exit(exitCode);

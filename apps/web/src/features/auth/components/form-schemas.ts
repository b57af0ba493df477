import '../content/lazy-messages.ts';
import {
  emailSchema,
  loginRequestSchema,
  newPasswordSchema,
  registerRequestSchema,
} from '@shop/contracts/auth';
import { myanmarPhoneSchema } from '@shop/contracts/phone-schemas';
import * as z from 'zod/mini';

/**
 * The account forms' schemas (ADR 0018): the contracts' request schemas, which the server
 * validates with, plus what only a form has (the confirm field). Messages are the contracts'
 * English (translated when shown) or i18n keys.
 */

/** Register step 1: the register request's name, email and phone rules. */
export const registerDetailsSchema = z.object({
  name: registerRequestSchema.shape.name,
  email: emailSchema,
  // An empty phone gets the browser-style 'Please fill out this field.' (account spec §5).
  phoneNumber: z.pipe(
    z.string().check(z.minLength(1, { error: 'auth.errors.fillField' })),
    myanmarPhoneSchema,
  ),
});
export type RegisterDetails = z.input<typeof registerDetailsSchema>;

/** New password and its confirmation: register, reset and change password. */
const newPasswordShape = {
  password: newPasswordSchema,
  confirm: z.string().check(z.minLength(1, { error: 'auth.errors.confirmPassword' })),
};

/** The confirmation must repeat the password (checked even when the password breaks a rule). */
function passwordsMatch(mismatchKey: string) {
  return z.refine<{ password: string; confirm: string }>(
    (value) => value.password === value.confirm,
    {
      error: mismatchKey,
      path: ['confirm'],
      when: (payload) => {
        const value = payload.value as { confirm?: unknown } | undefined;
        return typeof value?.confirm === 'string' && value.confirm !== '';
      },
    },
  );
}

export function newPasswordFormSchema(mismatchKey: string) {
  return z.object(newPasswordShape).check(passwordsMatch(mismatchKey));
}
export type NewPasswordValues = z.input<ReturnType<typeof newPasswordFormSchema>>;

export const changePasswordFormSchema = z
  .object({
    current: z.string().check(z.minLength(1, { error: 'auth.errors.enterCurrentPassword' })),
    ...newPasswordShape,
  })
  .check(passwordsMatch('auth.errors.passwordsMismatchReset'));
export type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

/** Login: the login request itself ({phoneNumber, password} or {email, password}). */
export const loginFormSchema = loginRequestSchema;
export type LoginValues = z.input<typeof loginRequestSchema>;

export const emailFormSchema = z.object({ email: emailSchema });
export type EmailValues = z.input<typeof emailFormSchema>;

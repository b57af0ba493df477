import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { formMessage } from '../../../lib/form-messages.ts';
import { EmailField, NewPasswordFields, PhoneField } from './auth-fields.tsx';
import {
  registerDetailsSchema,
  type NewPasswordValues,
  type RegisterDetails,
} from './form-schemas.ts';
import { useNewPasswordForm } from './new-password-form.tsx';

const i18n = initI18n();

/** A form on the shared pieces, as the register, reset and change-password forms use them. */
function PasswordHarness({ onValid }: { onValid: (values: NewPasswordValues) => void }) {
  const form = useNewPasswordForm('auth.errors.passwordsMismatch');
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <NewPasswordFields
        form={form}
        idPrefix="t"
        labels={{ password: 'Password', confirm: 'Verify password' }}
      />
      <button type="submit">Go</button>
    </form>
  );
}

function DetailsHarness() {
  const form = useForm<RegisterDetails>({
    resolver: zodResolver(registerDetailsSchema),
    defaultValues: { name: '', email: '', phoneNumber: '' },
  });
  const { errors, submitCount } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}>
      <EmailField
        id="e"
        label="E-mail"
        registration={form.register('email')}
        error={errors.email?.message}
        attempt={submitCount}
      />
      <PhoneField
        id="p"
        label="Phone"
        registration={form.register('phoneNumber')}
        error={errors.phoneNumber?.message}
        attempt={submitCount}
      />
      <button type="submit">Go</button>
    </form>
  );
}

async function renderIn(language: 'en' | 'my', ui: React.ReactNode) {
  await i18n.changeLanguage(language);
  return render(ui);
}

/** The visible text of the page, without the harness's own English labels. */
const pageText = () =>
  document.body.textContent.replace(/Password|Verify password|E-mail|Phone|Go/g, '');

describe('shared form pieces (react-hook-form + contract schemas, ADR 0018)', () => {
  it('shows the password rules before anything is submitted, tied to the field', async () => {
    await renderIn('en', <PasswordHarness onValid={() => undefined} />);
    const rules = screen.getByText(/^At least 8 characters\. Not a common password/);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(rules.id);
  });

  it('Burmese page: the contract’s password rule and the form’s own rules in Burmese, no English', async () => {
    await renderIn('my', <PasswordHarness onValid={() => undefined} />);
    expect(screen.getByText(/^အနည်းဆုံး စာလုံး ၈ လုံး/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Verify password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => {
      expect(document.querySelectorAll('.ui-field__error')).toHaveLength(2);
    });
    const errors = [...document.querySelectorAll('.ui-field__error')].map((e) => e.textContent);
    expect(errors).toEqual(['စကားဝှက်သည် အနည်းဆုံး စာလုံး ၈ လုံး ရှိရပါမည်', 'စကားဝှက်များ မတူညီပါ။']);
    expect(pageText()).not.toMatch(/[A-Za-z]/);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('the confirmation must repeat the password; both typed alike pass', async () => {
    const submitted: NewPasswordValues[] = [];
    await renderIn('en', <PasswordHarness onValid={(values) => submitted.push(values)} />);
    await userEvent.type(screen.getByLabelText('Password'), 'quiet-river-stones');
    await userEvent.type(screen.getByLabelText('Verify password'), 'quiet-river-stone');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findAllByText('Passwords do not match.')).length).toBeGreaterThan(0);
    expect(submitted).toEqual([]);
    await userEvent.type(screen.getByLabelText('Verify password'), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => {
      expect(submitted).toEqual([
        { password: 'quiet-river-stones', confirm: 'quiet-river-stones' },
      ]);
    });
  });

  it('an error already shown follows a switch of language', async () => {
    await renderIn('en', <PasswordHarness onValid={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findAllByText('Please enter a new password')).length).toBeGreaterThan(0);
    await i18n.changeLanguage('my');
    expect((await screen.findAllByText('စကားဝှက်အသစ်ကို ထည့်ပါ')).length).toBeGreaterThan(0);
  });

  it('phone and e-mail fields: the contract’s phone rules with their values, in Burmese', async () => {
    await renderIn('my', <DetailsHarness />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'su@example' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '0925000000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => {
      expect(document.querySelectorAll('.ui-field__error')).toHaveLength(2);
    });
    const errors = [...document.querySelectorAll('.ui-field__error')].map((e) => e.textContent);
    expect(errors).toEqual(['မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ', 'MPT နံပါတ်များသည် ဂဏန်း ၁၁ လုံး ရှိရပါမည်']);
    // Room for "+95 9 450 123 456" or a number in Burmese digits as pasted (issue 26: 13 cut them).
    expect(screen.getByLabelText('Phone').getAttribute('maxlength')).toBe('24');
  });

  it('an empty phone asks to fill out the field (account spec §5); the form submits nothing', async () => {
    await renderIn('en', <DetailsHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    const tooltips = await screen.findAllByRole('tooltip');
    expect(tooltips.map((tip) => tip.textContent)).toEqual([
      'Please enter your email address',
      'Please fill out this field.',
    ]);
  });
});

describe('formMessage', () => {
  it('i18n keys, contract English and server texts each come out in the page language', async () => {
    await i18n.changeLanguage('my');
    expect(formMessage(i18n, 'auth.errors.confirmPassword')).toBe('စကားဝှက်ကို အတည်ပြုပါ');
    expect(formMessage(i18n, 'Please enter a valid email address')).toBe('မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ');
    expect(formMessage(i18n, 'ကုဒ် မမှန်ကန်ပါ။')).toBe('ကုဒ် မမှန်ကန်ပါ။');
    await i18n.changeLanguage('en');
    expect(formMessage(i18n, 'auth.errors.confirmPassword')).toBe('Please confirm your password');
    expect(formMessage(i18n, 'Invalid OTP. Please try again.')).toBe(
      'Invalid OTP. Please try again.',
    );
  });
});

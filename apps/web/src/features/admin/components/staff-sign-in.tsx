import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginRequestSchema, type StaffLoginRequest } from '@shop/contracts/admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { staffAuth } from '../api/admin-api.ts';
import type { StaffSessionEnd } from '../api/staff-session.ts';
import { AdminAlert } from './admin-alert.tsx';

interface Enrolment {
  otpauthUri: string;
  secret: string;
  recoveryCodes: string[];
}

type Step =
  | { name: 'password' }
  | { name: 'code'; ticket: string }
  | { name: 'recovery'; ticket: string }
  | { name: 'enrol'; ticket: string; enrolment: Enrolment };

const endedText: Record<Exclude<StaffSessionEnd, null>, string> = {
  expired: 'Your back-office session ended (15 minutes without activity). Please sign in again.',
  'signed-out': 'You are signed out of the back-office.',
};

/**
 * Staff sign-in (ADR 0033): e-mail and password, then the authenticator's code — or, the first
 * time, the authenticator set up from a QR code with recovery codes shown once; or a recovery code.
 */
export function StaffSignIn({ ended }: { ended: StaffSessionEnd }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  return (
    <main className="admin-sign-in" id="main" tabIndex={-1}>
      <h1>Back-office sign-in</h1>
      {ended && step.name === 'password' ? (
        <p className="admin-note" role="status">
          {endedText[ended]}
        </p>
      ) : null}
      {step.name === 'password' ? <PasswordStep onNext={setStep} /> : null}
      {step.name === 'enrol' ? <EnrolStep ticket={step.ticket} enrolment={step.enrolment} /> : null}
      {step.name === 'code' ? (
        <CodeStep
          ticket={step.ticket}
          onRecovery={() => {
            setStep({ name: 'recovery', ticket: step.ticket });
          }}
        />
      ) : null}
      {step.name === 'recovery' ? <RecoveryStep ticket={step.ticket} /> : null}
    </main>
  );
}

function PasswordStep({ onNext }: { onNext: (step: Step) => void }) {
  const id = useId();
  const form = useForm<StaffLoginRequest>({
    resolver: zodResolver(staffLoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const { data } = await staffAuth.login(email, password);
      if (data.totpEnrolled) {
        onNext({ name: 'code', ticket: data.challengeToken });
        return;
      }
      const enrolment = await staffAuth.startEnrolment(data.challengeToken);
      onNext({ name: 'enrol', ticket: data.challengeToken, enrolment: enrolment.data });
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        id={`${id}-email`}
        label="E-mail"
        error={errors.email?.message}
        attempt={submitCount}
      >
        <input
          {...form.register('email')}
          {...fieldAria(`${id}-email`, errors.email?.message)}
          className="ui-input"
          type="email"
          autoComplete="username"
        />
      </FormField>
      <FormField
        id={`${id}-password`}
        label="Password"
        error={errors.password?.message}
        attempt={submitCount}
      >
        <PasswordInput
          {...form.register('password')}
          {...fieldAria(`${id}-password`, errors.password?.message)}
          autoComplete="current-password"
        />
      </FormField>
      <AdminAlert error={failure} fallback="Sign-in failed. Please try again." />
      <Button type="submit" busy={isSubmitting} busyLabel="Signing in…">
        Continue
      </Button>
    </form>
  );
}

/** One text field and a submit button: the authenticator's code or a recovery code. */
function SecondFactorForm({
  label,
  hint,
  submitLabel,
  inputMode,
  onSubmit,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  inputMode: 'numeric' | 'text';
  onSubmit: (value: string) => Promise<void>;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setFailure(null);
        onSubmit(value.trim())
          .catch((error: unknown) => {
            setFailure(error);
          })
          .finally(() => {
            setBusy(false);
          });
      }}
    >
      <FormField id={id} label={label} hint={hint}>
        <input
          {...fieldAria(id, null, Boolean(hint))}
          className="ui-input"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
          }}
          inputMode={inputMode}
          autoComplete="one-time-code"
          // The step's only field: focus it when the step opens.
          autoFocus
        />
      </FormField>
      <AdminAlert error={failure} fallback="That did not work. Please try again." />
      <Button type="submit" busy={busy} busyLabel="Checking…">
        {submitLabel}
      </Button>
    </form>
  );
}

function CodeStep({ ticket, onRecovery }: { ticket: string; onRecovery: () => void }) {
  return (
    <>
      <SecondFactorForm
        label="Authenticator code"
        hint="The 6-digit code your authenticator app shows for the back-office."
        submitLabel="Sign in"
        inputMode="numeric"
        onSubmit={(code) => staffAuth.verify(ticket, code, false)}
      />
      <button type="button" className="admin-link-button" onClick={onRecovery}>
        Use a recovery code instead
      </button>
    </>
  );
}

function RecoveryStep({ ticket }: { ticket: string }) {
  return (
    <SecondFactorForm
      label="Recovery code"
      hint="One of the recovery codes you saved when you set up the authenticator. Each works once."
      submitLabel="Sign in"
      inputMode="text"
      onSubmit={(code) => staffAuth.recover(ticket, code)}
    />
  );
}

function EnrolStep({ ticket, enrolment }: { ticket: string; enrolment: Enrolment }) {
  return (
    <section className="admin-enrol" aria-labelledby="admin-enrol-title">
      <h2 id="admin-enrol-title">Set up your authenticator</h2>
      <ol className="admin-steps">
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password…).
          <QrCode
            value={enrolment.otpauthUri}
            size={200}
            label="QR code of your back-office authenticator"
            className="admin-enrol__qr"
            testId="totp-qr"
          />
          <p>
            Cannot scan? Type this key instead:{' '}
            <code className="admin-secret" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
        </li>
        <li>
          Save these recovery codes somewhere safe. Each signs you in once if you lose your phone;
          they are not shown again.
          <ul className="admin-recovery-codes" data-testid="recovery-codes">
            {enrolment.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </li>
        <li>Enter the code the app now shows.</li>
      </ol>
      <SecondFactorForm
        label="Authenticator code"
        submitLabel="Confirm and sign in"
        inputMode="numeric"
        onSubmit={(code) => staffAuth.verify(ticket, code, true)}
      />
    </section>
  );
}

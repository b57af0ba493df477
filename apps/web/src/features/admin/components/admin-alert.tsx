import { errorMessageOr } from '../../../lib/api-client.ts';

/** A failed back-office call's message (the server's, in English), announced to screen readers. */
export function AdminAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <div className="admin-alert" role="alert">
      {errorMessageOr(error, fallback)}
    </div>
  );
}

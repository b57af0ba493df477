import type { ReactNode } from 'react';
import './ui.css';

/** One fact of a description list: its name on the left, its value on the right (an order's, a shared order's). */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

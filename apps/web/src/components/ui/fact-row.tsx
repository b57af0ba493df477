import type { ReactNode } from 'react';

/** A fact of a description list (an order's, a shared order's): its name and its value. */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A delivered item's redeem instructions, folded under their heading; nothing when it has none. */
export function RedeemInstructions({ title, text }: { title: string; text: string | null }) {
  return text ? (
    <details className="redeem-instructions">
      <summary>{title}</summary>
      <p>{text}</p>
    </details>
  ) : null;
}

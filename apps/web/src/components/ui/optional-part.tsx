import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onError?: () => void;
}

/**
 * The Suspense of a part loaded on demand that the page can do without (a dialog, an overlay, a
 * host loaded after the page): nothing while it loads, and nothing if its chunk cannot be fetched
 * (offline, a dropped connection on a patchy network) — the page stays. React logs the error.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError?.();
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

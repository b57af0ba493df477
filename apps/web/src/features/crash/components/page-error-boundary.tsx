import { Component, useEffect, type ReactNode } from 'react';
import { retryFailedPages } from '../../../lib/lazy-page.tsx';
// In the first JavaScript with the page's shell, never a chunk of its own: the crash screen must
// show when the network gives no chunks at all (issue 26, "a flaky network never leaves a blank
// page"). Its strings are in features/crash/locales (English in the first bundle too).
import CrashScreen from './crash-screen.tsx';

/**
 * `?crash-test` in the address breaks the page after it rendered (an effect, so never on the
 * server): the browser tests reach the crash screen in the production build this way. Harmless —
 * whoever types it sees the crash screen, and Go Home leaves it.
 */
function CrashTest() {
  useEffect(() => {
    if (/[?&]crash-test\b/.test(window.location.search)) throw new Error('Crash test');
  });
  return null;
}

interface Props {
  children: ReactNode;
  /** The page's path: another page starts afresh. */
  resetKey: string;
}
interface State {
  error: Error | null;
  /** Automatic tries made for this page (spec §4 "Crash screen": up to 3). */
  tries: number;
}

/**
 * Catches a page that fails to render (issue 16): the crash screen takes the page's place while
 * the header and the tab bar stay usable. React logs the error (console.error).
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, tries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error)
      this.setState({ error: null, tries: 0 });
  }

  retry = (automatic: boolean) => {
    // A page whose code could not be downloaded asks for it again.
    retryFailedPages();
    this.setState((state) => ({ error: null, tries: state.tries + (automatic ? 1 : 0) }));
  };

  override render() {
    const { error, tries } = this.state;
    if (!error)
      return (
        <>
          {this.props.children}
          <CrashTest />
        </>
      );
    return <CrashScreen error={error} tries={tries} onRetry={this.retry} />;
  }
}

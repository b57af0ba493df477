import '../content/messages.ts';
import '../help-assistant.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { useBlockingDialogOpen } from '../../../components/ui/blocking-dialogs.ts';
import { useHelpButtonShown } from '../help-assistant-setting.ts';

const HelpAssistantDialog = lazy(() => import('./help-assistant-dialog.tsx'));

/** Where the button stays away: the Support page is the same help, the sandbox bank is no shop. */
const hiddenOn = (path: string) => path === '/support' || path.startsWith('/sandbox/');

/**
 * The help button (ADR 0031), mounted by the app after the page has loaded: a round button at the
 * bottom right, above the phone tab bar (hidden while the cookie banner waits for an answer and
 * behind a minimised payment), unless the customer hid it in account settings. It opens the help
 * assistant (loaded when first opened). While another modal dialog is open (the checkout, the
 * cart) it waits, as the app's other overlays do (ADR 0053); its own dialog keeps it, for the
 * focus to come back to it.
 */
export default function HelpAssistantHost() {
  const { t } = useTranslation();
  const shown = useHelpButtonShown();
  const [path] = useLocation();
  const [open, setOpen] = useState(false);
  const otherDialogOpen = useBlockingDialogOpen() && !open;

  return (
    <>
      {shown && !hiddenOn(path) && !otherDialogOpen ? (
        <button
          type="button"
          className="help-button"
          aria-label={t('helpAssistant.buttonLabel')}
          aria-haspopup="dialog"
          onClick={() => {
            setOpen(true);
          }}
          data-testid="help-button"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <path
              d="M10 8a2 2 0 1 1 3 1.7c-.6.4-1 .8-1 1.5M12 13.2v.3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="help-button__text">{t('helpAssistant.button')}</span>
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <HelpAssistantDialog
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

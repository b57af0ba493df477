import HelpAssistantHost from '../features/help-assistant/components/help-assistant-host.tsx';
import PrivacyHost from '../features/privacy/components/privacy-host.tsx';

/**
 * The parts of issue 16 that wait for the page's load event, as one chunk (one more request and
 * a few bytes of the first JavaScript, not one per part): the cookie banner with first-party
 * analytics, and the help button (ADR 0031).
 */
export default function AfterLoadParts() {
  return (
    <>
      <PrivacyHost />
      <HelpAssistantHost />
    </>
  );
}

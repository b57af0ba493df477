import { useEffect } from 'react';
import HelpAssistantHost from '../features/help-assistant/components/help-assistant-host.tsx';
import PrivacyHost from '../features/privacy/components/privacy-host.tsx';
import { trackLastActivity } from '../lib/last-activity.ts';

/**
 * The parts of issue 16 that wait for the page's load event, as one chunk (one more request and
 * a few bytes of the first JavaScript, not one per part): the cookie banner with first-party
 * analytics, and the help button (ADR 0031); and, off the first render's path, the
 * last-activity timestamp (account spec §9).
 */
export default function AfterLoadParts() {
  useEffect(() => trackLastActivity(), []);
  return (
    <>
      <PrivacyHost />
      <HelpAssistantHost />
    </>
  );
}

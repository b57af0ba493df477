import './festival-button.css';
import { QueryClientContext } from '@tanstack/react-query';
import { lazy, use, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useBlockingDialogOpen } from '../../../components/ui/blocking-dialogs.ts';
import { OptionalPart } from '../../../components/ui/optional-part.tsx';
import { festivalsQuery } from '../api/festivals-api.ts';
import { isFestivalDay } from '../festival-day.ts';

const FestivalOverlay = lazy(() => import('./festival-overlay.tsx'));

/**
 * The header's festival icon (spec §2): a lantern that opens the Thadingyut greeting. The greeting
 * also opens by itself once a day during the festival; whether it is one is asked after the page
 * has loaded (festival-check.ts, a chunk of its own). Opening by itself, it waits while a modal
 * dialog is open (ADR 0053): a greeting over the checkout would hide the QR someone is paying.
 */
export function FestivalButton() {
  const { t } = useTranslation();
  // Absent only where a test renders the routes without one: then there is nothing to ask.
  const queryClient = use(QueryClientContext);
  const [open, setOpen] = useState(false);
  const [greetingDue, setGreetingDue] = useState(false);
  const dialogOpen = useBlockingDialogOpen();

  // Opened once no dialog is open (state adjusted while rendering, as React advises for state
  // that follows other state); from then on it stays until closed, though it is a dialog itself.
  if (greetingDue && !dialogOpen) {
    setGreetingDue(false);
    setOpen(true);
  }

  useEffect(() => {
    if (!queryClient) return;
    // A server-rendered page came with the festival windows (app/route-data.ts): outside them
    // nothing about festivals is fetched, neither the check's code nor the windows (issue 29).
    const windows = queryClient.getQueryData(festivalsQuery.queryKey);
    if (windows && !isFestivalDay(windows, new Date())) return;
    let live = true;
    const check = () => {
      // The check is a small chunk of its own, after the page: the overlay's code (its lanterns,
      // styles and blessing) is fetched only on a festival day or a tap (issue 29).
      import('../festival-check.ts')
        .then(async (m) => m.takeFestivalGreeting(queryClient))
        .then((due) => {
          if (due && live) setGreetingDue(true);
        })
        .catch(() => undefined);
    };
    const timer = setTimeout(check, 1000);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [queryClient]);

  return (
    <>
      <button
        type="button"
        className="festival-icon festival-button"
        aria-label={t('catalogue.header.festival')}
        title={t('catalogue.header.festival')}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M12 1v3" stroke="currentColor" strokeWidth="1.5" />
          <path d="M7 5h10l-1 2H8z" fill="#f5a623" />
          <ellipse cx="12" cy="13" rx="6.5" ry="6" fill="#e94e3c" />
          <path
            d="M12 7v12M8.5 8.2c-1.6 3-1.6 6.6 0 9.6M15.5 8.2c1.6 3 1.6 6.6 0 9.6"
            stroke="#f8c24a"
            strokeWidth="1"
            fill="none"
          />
          <path d="M8 19h8l-1 2H9z" fill="#f5a623" />
          <path d="M12 21v2.5" stroke="#f5a623" strokeWidth="1.5" />
        </svg>
      </button>
      {open ? (
        <OptionalPart>
          <FestivalOverlay
            onClose={() => {
              setOpen(false);
            }}
          />
        </OptionalPart>
      ) : null}
    </>
  );
}

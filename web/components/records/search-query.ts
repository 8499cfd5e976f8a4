import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';

/** The report search in the address (?q=), so reloading, going back or opening the Reports screen keeps it. */
export const SEARCH_PARAM = 'q';

/**
 * The search text of the screen, started from ?q= and written back to it as it changes. The input reads
 * its own state, not the address, so no keystroke waits on the router.
 */
export function useSearchQuery(): [string, (value: string) => void] {
  const params: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  // The router parses ?q=12 as a number: a search is text whatever it looks like.
  const [query, setQuery] = useState(() => (params[SEARCH_PARAM] == null ? '' : String(params[SEARCH_PARAM])));
  const change = (value: string) => {
    setQuery(value);
    void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, [SEARCH_PARAM]: value || undefined }), replace: true });
  };
  return [query, change];
}

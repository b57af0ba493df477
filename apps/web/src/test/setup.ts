import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 10 s (not 1 s): a lazily loaded page is a module compiled on first
// import, which on a busy CI machine took 3 s and failed the 404 page's test.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

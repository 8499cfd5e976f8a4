import { useDeferredValue } from 'react';
import { Outlet } from '@tanstack/react-router';

/**
 * The routes under this one, first drawn in a deferred render: React splits that render into short
 * slices, where the router's own update would draw them in one block and hold a phone's main thread
 * (and a tap) for tens of milliseconds. Only the first drawing waits a frame: the value stays true
 * across navigations.
 */
export function DeferredOutlet() {
  const show = useDeferredValue(true, false);
  return show ? <Outlet /> : null;
}

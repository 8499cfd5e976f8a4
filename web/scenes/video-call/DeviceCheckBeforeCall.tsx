import { Activity, type ReactNode } from 'react';

/**
 * The device check, with the call screen already rendered behind it: hidden, its effects not started
 * (React's Activity renders it while the browser is idle). Entering the call then only reveals it, so the
 * screen's first render (its elements, icons and styles) is not in the way of the join's first messages.
 */
export function DeviceCheckBeforeCall({ checking, deviceCheck, callScreen }: { checking: boolean; deviceCheck: ReactNode; callScreen: ReactNode }) {
  return (
    <>
      {checking ? deviceCheck : null}
      <Activity mode={checking ? 'hidden' : 'visible'}>{callScreen}</Activity>
    </>
  );
}

import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../ui';

/** Fetched once a password sign-in asks for it: the sign-in pages' first load goes without it and its form schema. */
const SecondFactorStep = lazy(() => import('./SecondFactorStep').then((module) => ({ default: module.SecondFactorStep })));

export function LazySecondFactorStep(props: ComponentProps<typeof SecondFactorStep>) {
  return (
    <Suspense fallback={<Spinner />}>
      <SecondFactorStep {...props} />
    </Suspense>
  );
}

import { type AnyRoute, createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, Outlet } from '@tanstack/react-router';
import { queryClient } from './api/query-client';
import { meQuery } from './api/session';
import { doctorMeQuery } from './api/doctor-session';
import { showKeptAnswers } from './offline/kept-answers';
import { unlockVaultEarly, vaultLockedHere } from './offline/vault-key';
import { isNetworkFailure } from './api/client';
import { NotFoundPage } from './scenes/NotFoundPage';
import { DeferredOutlet } from './components/DeferredOutlet';
import { LAYOUTS, SCREENS, type ScreenPath } from './screens';

const rootRoute = createRootRoute({ component: DeferredOutlet, notFoundComponent: NotFoundPage });

// Each screen and layout its own chunk; which one a path draws is SCREENS' word. Modules these patterns
// match but no route draws (parts of a page) are left out, or they would be built as chunks nobody loads.
const lazyModules = import.meta.glob<Record<string, React.ComponentType>>([
  './scenes/*/*Page.tsx',
  './components/*Layout.tsx',
  '!./scenes/home/LandingPage.tsx',
  '!./scenes/legal/LegalPage.tsx',
]);

const lazyModule = (module: string, exportName = 'default') => {
  const load = lazyModules[`./${module}`];
  if (!load) throw new Error(`No lazily loaded module ${module}`);
  return lazyRouteComponent(load, exportName);
};

/** A path's screen and the lists it shows first, as SCREENS has them. */
const screen = (path: ScreenPath) => {
  const { module, lists } = SCREENS[path] as { module: string; lists?: readonly string[] };
  return { component: lazyModule(module), staticData: { lists } };
};

type Preloadable = { preload?: () => Promise<void> };

/** A route and every route under it. */
const routesUnder = (route: AnyRoute): AnyRoute[] => [route, ...Object.values((route.children ?? {}) as Record<string, AnyRoute>).flatMap(routesUnder)];

// The guards look routes up in the tree itself: main.tsx makes the router only once the main chunk has run.
const optionsOf = (matches: ReadonlyArray<{ routeId: unknown }>) =>
  matches.map(({ routeId }) => routesUnder(routeTree).find((route) => route.id === routeId)?.options);

/** Starts downloading the code of every screen on the way to the page while its guard checks the session, not after. */
function preloadScreens(matches: ReadonlyArray<{ routeId: unknown }>): void {
  for (const options of optionsOf(matches)) void (options?.component as Preloadable | undefined)?.preload?.();
}

/**
 * Asks for the lists the page shows first (`staticData.lists`, read by the default query function from
 * their paths) while its guard checks the session, not after: a cold load waits for one round trip fewer.
 */
function prefetchLists(matches: ReadonlyArray<{ routeId: unknown }>): void {
  for (const options of optionsOf(matches)) for (const path of options?.staticData?.lists ?? []) void queryClient.prefetchQuery({ queryKey: [path] });
}

/** Offline with the vault locked (a fresh page holds no key): the offline PIN opens it, then the page the patient asked for. */
async function offlineUnlockFor(error: unknown, to: string): Promise<null> {
  if (isNetworkFailure(error) && (await vaultLockedHere().catch(() => false))) throw redirect({ to: '/unlock', search: { to } });
  return null;
}

/** Patient screens: a failed session check sends the visitor to / (spec section 2). */
const patientRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'patient',
  component: lazyModule(LAYOUTS.patient.module, 'PatientLayout'),
  beforeLoad: async ({ matches, location }) => {
    preloadScreens(matches);
    // A visitor already known to have no session (a public page asked) is sent on without asking for lists that would answer 401.
    if (queryClient.getQueryData(meQuery.queryKey) !== null) {
      prefetchLists(matches);
      void unlockVaultEarly();
    }
    const me = await queryClient.ensureQueryData(meQuery).catch((error: unknown) => offlineUnlockFor(error, location.href));
    if (!me) throw redirect({ to: '/' });
    await showKeptAnswers(queryClient, me.id);
  },
});

const doctorRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'doctor',
  component: lazyModule(LAYOUTS.doctor.module, 'DoctorLayout'),
  beforeLoad: async ({ matches }) => {
    preloadScreens(matches);
    const doctor = await queryClient.ensureQueryData(doctorMeQuery).catch(() => null);
    if (!doctor) throw redirect({ to: '/doctor/login' });
  },
});

/** The spec shows no guard on /admin/doctors; we add one so only admins are offered it. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'admin',
  component: Outlet,
  beforeLoad: async () => {
    const me = await queryClient.ensureQueryData(meQuery).catch(() => null);
    if (!me) throw redirect({ to: '/login' });
    if (me.role !== 'admin') throw redirect({ to: '/dashboard' });
  },
});

const patientPages = [
  createRoute({ getParentRoute: () => patientRoute, path: '/dashboard', ...screen('/dashboard') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/reports', ...screen('/reports') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/reports/$id', ...screen('/reports/$id') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/scanner', ...screen('/scanner') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/medications', ...screen('/medications') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/appointments', ...screen('/appointments') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/ai-summary', ...screen('/ai-summary') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/health-summary', ...screen('/health-summary') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/premium', ...screen('/premium') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/telemedicine', ...screen('/telemedicine') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/access-history', ...screen('/access-history') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/settings', ...screen('/settings') }),
  createRoute({ getParentRoute: () => patientRoute, path: '/support', ...screen('/support') }),
  // Password, devices and two-step verification live on Settings now; old links and bookmarks land there.
  createRoute({ getParentRoute: () => patientRoute, path: '/security', beforeLoad: () => { throw redirect({ to: '/settings', hash: 'security' }); } }),
];

const publicPages = [
  createRoute({ getParentRoute: () => rootRoute, path: '/', ...screen('/') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/login', ...screen('/login') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/signup', ...screen('/signup') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/forgot-password', ...screen('/forgot-password') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', ...screen('/reset-password') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/terms', ...screen('/terms') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/privacy', ...screen('/privacy') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/doctor/login', ...screen('/doctor/login') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/unlock', ...screen('/unlock') }),
  // A shared link's viewer: no account, the link's key in the fragment.
  createRoute({ getParentRoute: () => rootRoute, path: '/shl', ...screen('/shl') }),
  /** Both sides of a call use this page; it checks the patient or doctor session itself. */
  createRoute({ getParentRoute: () => rootRoute, path: '/video-call/$consultationId', ...screen('/video-call/$consultationId') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/guest', ...screen('/guest') }),
];

const doctorPages = [
  createRoute({ getParentRoute: () => doctorRoute, path: '/doctor/dashboard', ...screen('/doctor/dashboard') }),
  createRoute({ getParentRoute: () => doctorRoute, path: '/doctor/consultation/$id', ...screen('/doctor/consultation/$id') }),
];

const adminPages = [createRoute({ getParentRoute: () => adminRoute, path: '/admin/doctors', ...screen('/admin/doctors') })];

const routeTree = rootRoute.addChildren([
  ...publicPages,
  patientRoute.addChildren(patientPages),
  doctorRoute.addChildren(doctorPages),
  adminRoute.addChildren(adminPages),
]);

/** The app's router; making one sorts the route tree, work main.tsx gives a task of its own on a cold start. */
export const createAppRouter = () => createRouter({ routeTree, defaultPreload: 'intent', defaultPendingMs: 150 });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The lists a page shows first, by path: asked for while its guard checks the session. */
    lists?: readonly string[];
  }
}

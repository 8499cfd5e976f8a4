import { type AnyRoute, createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, Outlet } from '@tanstack/react-router';
import { queryClient } from './api/query-client';
import { meQuery } from './api/session';
import { doctorMeQuery } from './api/doctor-session';
import { showKeptAnswers } from './offline/kept-answers';
import { NotFoundPage } from './scenes/NotFoundPage';

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });

const page = (load: () => Promise<{ default: React.ComponentType }>) => lazyRouteComponent(load);

type Preloadable = { preload?: () => Promise<void> };

const optionsOf = (matches: ReadonlyArray<{ routeId: unknown }>) => {
  const routes: Record<string, AnyRoute | undefined> = router.routesById;
  return matches.map(({ routeId }) => routes[String(routeId)]?.options);
};

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

/** Patient screens: a failed session check sends the visitor to / (spec section 2). */
const patientRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'patient',
  component: lazyRouteComponent(() => import('./components/PatientLayout'), 'PatientLayout'),
  beforeLoad: async ({ matches }) => {
    preloadScreens(matches);
    // A visitor already known to have no session (a public page asked) is sent on without asking for lists that would answer 401.
    if (queryClient.getQueryData(meQuery.queryKey) !== null) prefetchLists(matches);
    const me = await queryClient.ensureQueryData(meQuery).catch(() => null);
    if (!me) throw redirect({ to: '/' });
    await showKeptAnswers(queryClient, me.id);
  },
});

const doctorRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'doctor',
  component: lazyRouteComponent(() => import('./components/DoctorLayout'), 'DoctorLayout'),
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
  createRoute({
    getParentRoute: () => patientRoute,
    path: '/dashboard',
    component: page(() => import('./scenes/dashboard/DashboardPage')),
    staticData: { lists: ['/api/medical-reports', '/api/medications', '/api/appointments', '/api/notifications', '/api/dashboard-summary'] },
  }),
  createRoute({ getParentRoute: () => patientRoute, path: '/reports', component: page(() => import('./scenes/reports/ReportsPage')), staticData: { lists: ['/api/medical-reports'] } }),
  createRoute({ getParentRoute: () => patientRoute, path: '/reports/$id', component: page(() => import('./scenes/reports/ReportDetailPage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/scanner', component: page(() => import('./scenes/scanner/ScannerPage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/medications', component: page(() => import('./scenes/medications/MedicationsPage')), staticData: { lists: ['/api/medications'] } }),
  createRoute({ getParentRoute: () => patientRoute, path: '/appointments', component: page(() => import('./scenes/appointments/AppointmentsPage')), staticData: { lists: ['/api/appointments'] } }),
  createRoute({ getParentRoute: () => patientRoute, path: '/ai-summary', component: page(() => import('./scenes/ai-summary/AiSummaryPage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/health-summary', component: page(() => import('./scenes/health-summary/HealthSummaryPage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/premium', component: page(() => import('./scenes/premium/PremiumPage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/telemedicine', component: page(() => import('./scenes/telemedicine/TelemedicinePage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/access-history', component: page(() => import('./scenes/access-history/AccessHistoryPage')) }),
  createRoute({ getParentRoute: () => patientRoute, path: '/settings', component: page(() => import('./scenes/settings/SettingsPage')) }),
  // Password, devices and two-step verification live on Settings now; old links and bookmarks land there.
  createRoute({ getParentRoute: () => patientRoute, path: '/security', beforeLoad: () => { throw redirect({ to: '/settings', hash: 'security' }); } }),
];

const publicPages = [
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: page(() => import('./scenes/home/HomePage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/login', component: page(() => import('./scenes/auth/LoginPage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/signup', component: page(() => import('./scenes/auth/SignupPage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/forgot-password', component: page(() => import('./scenes/auth/ForgotPasswordPage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', component: page(() => import('./scenes/auth/ResetPasswordPage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/terms', component: page(() => import('./scenes/legal/TermsPage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/privacy', component: page(() => import('./scenes/legal/PrivacyPage')) }),
  createRoute({ getParentRoute: () => rootRoute, path: '/doctor/login', component: page(() => import('./scenes/doctor/DoctorLoginPage')) }),
  /** Both sides of a call use this page; it checks the patient or doctor session itself. */
  createRoute({ getParentRoute: () => rootRoute, path: '/video-call/$consultationId', component: page(() => import('./scenes/video-call/VideoCallPage')) }),
];

const doctorPages = [
  createRoute({ getParentRoute: () => doctorRoute, path: '/doctor/dashboard', component: page(() => import('./scenes/doctor/DoctorDashboardPage')) }),
  createRoute({ getParentRoute: () => doctorRoute, path: '/doctor/consultation/$id', component: page(() => import('./scenes/doctor/DoctorConsultationPage')) }),
];

const adminPages = [createRoute({ getParentRoute: () => adminRoute, path: '/admin/doctors', component: page(() => import('./scenes/admin/AdminDoctorsPage')) })];

const routeTree = rootRoute.addChildren([
  ...publicPages,
  patientRoute.addChildren(patientPages),
  doctorRoute.addChildren(doctorPages),
  adminRoute.addChildren(adminPages),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', defaultPendingMs: 150 });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The lists a page shows first, by path: asked for while its guard checks the session. */
    lists?: readonly string[];
  }
}

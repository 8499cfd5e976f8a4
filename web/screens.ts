/**
 * The screens the router loads lazily, by path: the module that draws each (under web/), the guarded
 * layout around it and the lists its first view shows. The router takes each screen's code and lists
 * from here; the build turns the table into the hints the server writes into the page it sends for each
 * path (web/build/route-hints.ts), so a cold load fetches the screen's code and data alongside the app's
 * main chunk instead of after it has run. Plain data: the Vite config reads it too.
 */
interface Layout {
  /** The layout's module; the admin pages have none of their own. */
  readonly module?: string;
  /** The session check its guard asks for first. */
  readonly session: string;
}

export interface Screen {
  readonly module: string;
  readonly layout?: keyof typeof LAYOUTS;
  /** Asked for while the guard checks the session (the router's staticData.lists). */
  readonly lists?: readonly string[];
}

export const LAYOUTS = {
  patient: { module: 'components/PatientLayout.tsx', session: '/api/auth/session' },
  doctor: { module: 'components/DoctorLayout.tsx', session: '/api/auth/doctor/me' },
  admin: { session: '/api/auth/session' },
} as const satisfies Record<string, Layout>;

export const SCREENS = {
  '/': { module: 'scenes/home/HomePage.tsx' },
  '/login': { module: 'scenes/auth/LoginPage.tsx' },
  '/signup': { module: 'scenes/auth/SignupPage.tsx' },
  '/forgot-password': { module: 'scenes/auth/ForgotPasswordPage.tsx' },
  '/reset-password': { module: 'scenes/auth/ResetPasswordPage.tsx' },
  '/terms': { module: 'scenes/legal/TermsPage.tsx' },
  '/privacy': { module: 'scenes/legal/PrivacyPage.tsx' },
  '/doctor/login': { module: 'scenes/doctor/DoctorLoginPage.tsx' },
  '/unlock': { module: 'scenes/auth/UnlockVaultPage.tsx' },
  '/shl': { module: 'scenes/shl/SharedRecordsPage.tsx' },
  '/video-call/$consultationId': { module: 'scenes/video-call/VideoCallPage.tsx' },
  '/guest': { module: 'scenes/guest/GuestCallPage.tsx' },
  '/dashboard': {
    module: 'scenes/dashboard/DashboardPage.tsx',
    layout: 'patient',
    lists: ['/api/medical-reports', '/api/medications', '/api/appointments', '/api/notifications', '/api/dashboard-summary'],
  },
  '/reports': { module: 'scenes/reports/ReportsPage.tsx', layout: 'patient', lists: ['/api/medical-reports'] },
  '/reports/$id': { module: 'scenes/reports/ReportDetailPage.tsx', layout: 'patient' },
  '/scanner': { module: 'scenes/scanner/ScannerPage.tsx', layout: 'patient' },
  '/medications': { module: 'scenes/medications/MedicationsPage.tsx', layout: 'patient', lists: ['/api/medications'] },
  '/appointments': { module: 'scenes/appointments/AppointmentsPage.tsx', layout: 'patient', lists: ['/api/appointments'] },
  '/ai-summary': { module: 'scenes/ai-summary/AiSummaryPage.tsx', layout: 'patient' },
  '/health-summary': { module: 'scenes/health-summary/HealthSummaryPage.tsx', layout: 'patient' },
  '/premium': { module: 'scenes/premium/PremiumPage.tsx', layout: 'patient' },
  '/telemedicine': { module: 'scenes/telemedicine/TelemedicinePage.tsx', layout: 'patient' },
  '/access-history': { module: 'scenes/access-history/AccessHistoryPage.tsx', layout: 'patient' },
  '/settings': { module: 'scenes/settings/SettingsPage.tsx', layout: 'patient' },
  '/support': { module: 'scenes/support/SupportPage.tsx', layout: 'patient', lists: ['/api/support-requests'] },
  '/doctor/dashboard': { module: 'scenes/doctor/DoctorDashboardPage.tsx', layout: 'doctor' },
  '/doctor/consultation/$id': { module: 'scenes/doctor/DoctorConsultationPage.tsx', layout: 'doctor' },
  '/admin/doctors': { module: 'scenes/admin/AdminDoctorsPage.tsx', layout: 'admin' },
} as const satisfies Record<string, Screen>;

export type ScreenPath = keyof typeof SCREENS;

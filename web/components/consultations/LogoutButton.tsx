import { useDoctorLogout, useLogout } from '../../api/auth';
import { Button, Icon } from '../ui';
import { ICONS } from './icons';

function LogoutControl({ logout, pending }: { logout: () => void; pending: boolean }) {
  return (
    <Button $variant="secondary" onClick={logout} disabled={pending}>
      <Icon path={ICONS.logout} size={18} />
      Logout
    </Button>
  );
}

/** The doctor portal's Logout: toasts 'Logged Out' and lands on /doctor/login even when the call fails. */
export function DoctorLogoutButton() {
  const { logout, isPending } = useDoctorLogout();
  return <LogoutControl logout={logout} pending={isPending} />;
}

/** The admin screen's Logout (the admin is a user account: back to /login). */
export function UserLogoutButton() {
  const { logout, isPending } = useLogout();
  return <LogoutControl logout={logout} pending={isPending} />;
}

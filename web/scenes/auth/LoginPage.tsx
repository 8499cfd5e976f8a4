import { Form, Formik } from 'formik';
import { Link, useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { Button, Icon, LinkButton, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { useState } from 'react';
import { homeFor, messageOf, useLogin, useStartSession } from '../../api/auth';
import { heldForSecondFactor, type HeldSignIn } from '../../api/mfa';
import { LazySecondFactorStep } from '../../components/mfa/LazySecondFactorStep';
import { usePasskeyLogin, usePlatformAuthenticator } from '../../api/passkeys';
import type { LoginInput } from '../../../common/schemas/login';
import { AuthCard, AuthShell, Brand, BrandMark, Divider, ForgotPasswordLink, FormIntro, TrustNote } from './AuthShell';
import { VaultIllustration } from './VaultIllustration';
import { ICONS } from './icons';

const FEATURES = [
  { icon: ICONS.shield, label: 'Secure' },
  { icon: ICONS.sparkles, label: 'AI-Powered' },
  { icon: ICONS.phone, label: 'Mobile-First' },
] as const;

const Features = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: flex;
  gap: 10px;
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 6px;
    min-width: 92px;
    padding: 10px 8px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: color-mix(in srgb, ${({ theme }) => theme.colors.surface} 75%, transparent);
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.8rem;
    font-weight: 600;
    white-space: nowrap;
  }
  /* Under 360 px three 92 px tiles leave 'Mobile-First' too little room: it would break at its hyphen. */
  @media (max-width: 359px) {
    align-self: stretch;
    gap: 6px;
    li { flex: 1 1 0; min-width: 0; padding: 10px 4px; font-size: 0.75rem; }
  }
  svg { color: ${({ theme }) => theme.colors.primary}; }
`;

const Invite = styled(AuthCard)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  p { margin: 0; font-weight: 600; }
  span { display: block; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; font-weight: 400; }
`;

const EMPTY: LoginInput = { usernameOrEmail: '', password: '' };

function LoginHero() {
  return (
    <>
      <BrandMark />
      <h1>
        Welcome to <Brand>MediVault</Brand>
      </h1>
      <p>Secure access to your medical records</p>
      <VaultIllustration />
      <Features aria-label="Highlights">
        {FEATURES.map((f) => (
          <li key={f.label}>
            <Icon path={f.icon} size={22} />
            {f.label}
          </li>
        ))}
      </Features>
    </>
  );
}

/** 'Use Biometric Login', offered only where the device has a biometric authenticator. */
function BiometricLogin({ onSignedIn }: { onSignedIn: (role: 'patient' | 'admin') => void }) {
  const available = usePlatformAuthenticator();
  const passkey = usePasskeyLogin();
  if (!available) return null;
  const signIn = () =>
    passkey.mutate(undefined, {
      onSuccess: ({ user }) => {
        showToast('Biometric login successful!', 'Welcome back to your medical vault.', 'success');
        onSignedIn(user.role);
      },
      // A cancelled or refused device prompt carries no server message: the generic advice applies.
      onError: (error) => showToast('Biometric login failed', messageOf(error, 'Please use your username/email and password.'), 'destructive'),
    });
  return (
    <>
      <Divider>Or use biometric</Divider>
      <Button $variant="secondary" $block $size="lg" onClick={signIn} disabled={passkey.isPending}>
        <Icon path={ICONS.fingerprint} />
        {passkey.isPending ? 'Authenticating...' : 'Use Biometric Login'}
      </Button>
    </>
  );
}

export default function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const start = useStartSession();
  const [held, setHeld] = useState<HeldSignIn | null>(null);
  const goHome = (role: 'patient' | 'admin') => void navigate({ to: homeFor({ role }) });
  const welcome = (role: 'patient' | 'admin') => {
    showToast('Welcome back!', 'You have successfully logged in to your account.', 'success');
    goHome(role);
  };

  const submit = (values: LoginInput) => {
    const input = { usernameOrEmail: values.usernameOrEmail.trim(), password: values.password };
    if (!input.usernameOrEmail || !input.password) {
      showToast('Missing information', 'Please enter both your username/email and password.', 'destructive');
      return;
    }
    login.mutate(input, {
      onSuccess: ({ user }) => welcome(user.role),
      onError: (error) => {
        const secondStep = heldForSecondFactor(error);
        if (secondStep) setHeld(secondStep);
        else showToast('Login failed', messageOf(error, 'Invalid username/email or password.'), 'destructive');
      },
    });
  };

  return (
    <AuthShell hero={<LoginHero />}>
      {held ? (
        <AuthCard>
          <LazySecondFactorStep
            methods={held.methods}
            onSignedIn={async ({ user }) => {
              if (!user) return;
              await start.user(user);
              welcome(user.role);
            }}
          />
        </AuthCard>
      ) : (
        <AuthCard>
          <FormIntro>
            <h2>Sign In</h2>
            <p>Open your personal medical vault.</p>
          </FormIntro>
          <Formik initialValues={EMPTY} onSubmit={submit}>
            <Form noValidate>
              <Stack $gap="14px">
                <FormField name="usernameOrEmail" label="Username or Email" autoComplete="username" />
                <FormField name="password" label="Password" type="password" autoComplete="current-password" />
                <ForgotPasswordLink>Forgot password?</ForgotPasswordLink>
                <Button type="submit" $block $size="lg" disabled={login.isPending}>
                  {login.checking ? 'Checking your browser...' : login.isPending ? 'Signing in...' : 'Sign In'}
                </Button>
                <BiometricLogin onSignedIn={goHome} />
              </Stack>
            </Form>
          </Formik>
        </AuthCard>
      )}
      <Invite>
        <p>
          New to MediVault?
          <span>Create your secure medical account</span>
        </p>
        <LinkButton to="/signup" $variant="secondary">
          <Icon path={ICONS.userPlus} size={18} />
          Sign Up
        </LinkButton>
      </Invite>
      <TrustNote
        items={[
          { icon: ICONS.lock, label: 'End-to-end encrypted' },
          { icon: ICONS.cloudOff, label: 'Offline capable' },
        ]}
        note="Your medical data is encrypted and secure"
      />
      <ProviderLine>
        Healthcare provider? <Link to="/doctor/login">Doctor sign-in</Link>
      </ProviderLine>
    </AuthShell>
  );
}

const ProviderLine = styled.p`
  margin: 0;
  text-align: center;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  a { font-weight: 600; }
`;

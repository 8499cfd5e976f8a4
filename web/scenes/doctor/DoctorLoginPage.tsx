import { Form, Formik } from 'formik';
import { Link, useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { Button, Icon, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { useState } from 'react';
import { messageOf, useDoctorDemoCredentials, useDoctorLogin, useStartSession } from '../../api/auth';
import { heldForSecondFactor, type HeldSignIn } from '../../api/mfa';
import { LazySecondFactorStep } from '../../components/mfa/LazySecondFactorStep';
import type { EmailLoginInput } from '../../../common/schemas/login';
import { AuthCard, AuthShell, Brand, BrandMark, ForgotPasswordLink, FormIntro, TrustNote } from '../auth/AuthShell';
import { ICONS } from '../auth/icons';

const EMPTY: EmailLoginInput = { email: '', password: '' };

const Hint = styled.aside`
  border: 1px dashed ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primarySoft};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 10px 12px;
  font-size: 0.85rem;
  strong { display: block; margin-bottom: 2px; }
  code { font-size: 0.85rem; }
`;

const Back = styled(Link)`
  align-self: center;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-weight: 600;
  text-decoration: none;
`;

function DemoHint() {
  const { data: demo } = useDoctorDemoCredentials();
  if (!demo) return null;
  return (
    <Hint aria-label="Demo credentials">
      <strong>Demo credentials</strong>
      Email: <code>{demo.email}</code>
      <br />
      Password: <code>{demo.password}</code>
    </Hint>
  );
}

function DoctorHero() {
  return (
    <>
      <BrandMark icon={ICONS.stethoscope} />
      <h1>
        Doctor <Brand>Portal</Brand>
      </h1>
      <p>Sign in to MediVault to run your consultations and read your patients' records.</p>
    </>
  );
}

export default function DoctorLoginPage() {
  const navigate = useNavigate();
  const login = useDoctorLogin();
  const start = useStartSession();
  const [held, setHeld] = useState<HeldSignIn | null>(null);
  const enter = () => {
    showToast('Login Successful', 'Welcome to the Doctor Portal', 'success');
    void navigate({ to: '/doctor/dashboard' });
  };

  const submit = (values: EmailLoginInput) => {
    const input = { email: values.email.trim(), password: values.password };
    if (!input.email || !input.password) {
      showToast('Error', 'Please fill in all fields', 'destructive');
      return;
    }
    login.mutate(input, {
      onSuccess: enter,
      onError: (error) => {
        const secondStep = heldForSecondFactor(error);
        if (secondStep) setHeld(secondStep);
        else showToast('Login Failed', messageOf(error, 'Invalid email or password'), 'destructive');
      },
    });
  };

  return (
    <AuthShell hero={<DoctorHero />}>
      {held ? (
        <AuthCard>
          <LazySecondFactorStep
            methods={held.methods}
            onSignedIn={({ doctor }) => {
              if (doctor) start.doctor({ doctor });
              enter();
            }}
          />
        </AuthCard>
      ) : (
        <AuthCard>
          <FormIntro>
            <h2>Doctor Sign In</h2>
            <p>Use the email your clinic registered with MediVault.</p>
          </FormIntro>
          <Formik initialValues={EMPTY} onSubmit={submit}>
            <Form noValidate>
              <Stack $gap="14px">
                <FormField name="email" label="Medical Email" type="email" autoComplete="username" placeholder="doctor@clinic.com" />
                <FormField name="password" label="Password" type="password" autoComplete="current-password" />
                <ForgotPasswordLink>Forgot password?</ForgotPasswordLink>
                <Button type="submit" $block $size="lg" disabled={login.isPending}>
                  {login.checking ? 'Checking your browser...' : login.isPending ? 'Signing In...' : 'Sign In'}
                </Button>
                <DemoHint />
              </Stack>
            </Form>
          </Formik>
        </AuthCard>
      )}
      <TrustNote items={[{ icon: ICONS.shieldCheck, label: "You see only your own patients' records" }]} />
      <Back to="/">
        <Icon path={ICONS.arrowLeft} size={18} />
        Back to Patient Portal
      </Back>
    </AuthShell>
  );
}

import { useState } from 'react';
import { Form, Formik, type FormikHelpers, type FormikProps } from 'formik';
import { Link, useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { Badge, Button, Icon, Row, Stack } from '../../components/ui';
import { CheckboxField, FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { messageOf, useSignup } from '../../api/auth';
import { ApiError } from '../../api/client';
import {
  SIGNUP_STEP1_FIELDS,
  signupFormSchema,
  signupInitialValues,
  toSignupPayload,
  USERNAME_HINT,
  type SignupFormValues,
} from '../../../common/schemas/signup';
import { NEW_PASSWORD_HINT } from '../../../common/schemas/password';
import { RELATIONSHIP_LABELS, RELATIONSHIP_OPTIONS, SIGNUP_STEPS } from '../../../common/constants';
import { AuthCard, AuthShell, Brand, BrandMark, FormIntro } from './AuthShell';
import { ICONS } from './icons';

const STEP_TITLES = ['Your details', 'Secure your account'] as const;
const STEP_NEXT = ['Next: password and contacts', 'Last step'] as const;
const STEP_HINTS = ['Tell us who you are.', 'Choose a password and, if you like, an emergency contact.'] as const;

const Badges = styled(Row)`
  margin-top: 6px;
  ${Badge} { padding: 6px 12px; font-size: 0.8rem; }
`;

const Perks = styled.ul`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  display: none;
  flex-direction: column;
  gap: 10px;
  color: ${({ theme }) => theme.colors.textMuted};
  li { display: flex; gap: 10px; align-items: center; }
  svg { color: ${({ theme }) => theme.colors.primary}; flex: none; }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: flex;
  }
`;

const Progress = styled.div`
  margin-bottom: 18px;
  > div:first-child {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    font-size: 0.8rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: 8px;
  }
  /* On a narrow phone 'Step 1 of 2' stays on one line and what comes next wraps under itself. */
  > div:first-child > span:first-child { white-space: nowrap; }
  > div:first-child > span:last-child { text-align: right; }
`;

const Track = styled.div`
  display: grid;
  grid-template-columns: repeat(${SIGNUP_STEPS}, 1fr);
  gap: 6px;
  span {
    height: 6px;
    border-radius: 3px;
    background: ${({ theme }) => theme.colors.border};
  }
  span[data-done='true'] { background: ${({ theme }) => theme.colors.primary}; }
`;

const Pair = styled.div`
  display: grid;
  gap: 14px;
  @media (min-width: 380px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Section = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 12px 14px 14px;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  legend { padding: 0 6px; font-weight: 700; font-size: 0.9rem; }
  p { margin: 0; font-size: 0.82rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const SignInLine = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  a { font-weight: 600; }
`;

function StepProgress({ step }: { step: number }) {
  return (
    <Progress>
      <div>
        <span>
          Step {step} of {SIGNUP_STEPS}
        </span>
        <span>{STEP_NEXT[step - 1]}</span>
      </div>
      <Track role="progressbar" aria-label="Sign-up progress" aria-valuemin={1} aria-valuemax={SIGNUP_STEPS} aria-valuenow={step}>
        {Array.from({ length: SIGNUP_STEPS }, (_, i) => (
          <span key={i} data-done={i < step} />
        ))}
      </Track>
    </Progress>
  );
}

function SignupHero() {
  return (
    <>
      <BrandMark icon={ICONS.userPlus} />
      <h1>
        Join <Brand>MediVault</Brand>
      </h1>
      <p>Create your secure medical records account</p>
      <Badges $gap="8px" $justify="center" $wrap>
        <Badge $tone="success">
          <Icon path={ICONS.lock} size={14} />
          SSL
        </Badge>
        <Badge $tone="info">
          <Icon path={ICONS.shieldCheck} size={14} />
          HIPAA Compliant
        </Badge>
      </Badges>
      <Perks>
        <li>
          <Icon path={ICONS.check} /> Reports, medications and appointments in one vault
        </li>
        <li>
          <Icon path={ICONS.check} /> See who opened your records, and when
        </li>
        <li>
          <Icon path={ICONS.check} /> Video consultations with verified doctors
        </li>
      </Perks>
    </>
  );
}

/** Continue submits the form (so Enter in a field continues too); the page turns that submit into the step change. */
function StepOne() {
  return (
    <Stack $gap="14px">
      <Pair>
        <FormField name="firstName" label="First Name" autoComplete="given-name" placeholder="First name" />
        <FormField name="lastName" label="Last Name" autoComplete="family-name" placeholder="Last name" />
      </Pair>
      <FormField name="username" label="Username" autoComplete="username" hint={USERNAME_HINT} />
      <FormField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
      <Button type="submit" $block $size="lg">
        Continue
      </Button>
    </Stack>
  );
}

function StepTwo({ pending, onBack }: { pending: boolean; onBack: () => void }) {
  return (
    <Stack $gap="14px">
      <FormField name="password" label="Password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
      <FormField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" placeholder="Repeat your password" />
      <FormField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" placeholder="+1 555 010 0100" />
      <Section>
        <legend>Emergency Contact (optional)</legend>
        <p>Fill in all three to save an emergency contact.</p>
        <FormField name="emergencyContactName" label="Full Name" autoComplete="off" placeholder="Contact's full name" />
        <FormField name="emergencyContactPhone" label="Phone" type="tel" autoComplete="off" placeholder="Contact's phone" />
        <FormField name="emergencyContactRelation" label="Relationship" as="select">
          <option value="">Select relationship</option>
          {RELATIONSHIP_OPTIONS.map((r) => (
            <option key={r} value={r}>
              {RELATIONSHIP_LABELS[r]}
            </option>
          ))}
        </FormField>
      </Section>
      <CheckboxField name="termsAccepted">
        I agree to the{' '}
        <a href="/terms" target="_blank" rel="noopener">
          Terms of Service
        </a>
      </CheckboxField>
      <CheckboxField name="privacyAccepted">
        I agree to the{' '}
        <a href="/privacy" target="_blank" rel="noopener">
          Privacy Policy
        </a>
      </CheckboxField>
      <Row $gap="10px">
        <Button $variant="secondary" $size="lg" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button type="submit" $block $size="lg" disabled={pending}>
          {pending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Row>
    </Stack>
  );
}

export default function SignupPage() {
  const [step, setStep] = useState<1 | 2>(1);
  const navigate = useNavigate();
  const signup = useSignup();

  /** Continue only when the step-1 fields validate; their messages show at once. */
  const next = async (form: FormikProps<SignupFormValues>) => {
    await form.setTouched(Object.fromEntries(SIGNUP_STEP1_FIELDS.map((f) => [f, true])), false);
    const errors = await form.validateForm();
    if (SIGNUP_STEP1_FIELDS.every((f) => !errors[f])) setStep(2);
  };

  const submit = (values: SignupFormValues, helpers: FormikHelpers<SignupFormValues>) =>
    signup.mutate(toSignupPayload(values), {
      onSuccess: ({ message }) => {
        // Not the spec's 'Account Created Successfully!': the same answer comes when the email already had an account and nothing was created.
        showToast('Sign-up Received', message, 'success');
        void navigate({ to: '/login' });
      },
      onError: (error) => {
        showToast('Signup Failed', messageOf(error, 'Failed to create account. Please try again.'), 'destructive');
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (!fields) return;
        helpers.setErrors(fields);
        // A field refused by the server (its format) is fixed on its own step.
        if (SIGNUP_STEP1_FIELDS.some((f) => fields[f])) setStep(1);
      },
    });

  return (
    <AuthShell hero={<SignupHero />}>
      <AuthCard>
        <FormIntro>
          <h2>{STEP_TITLES[step - 1]}</h2>
          <p>{STEP_HINTS[step - 1]}</p>
        </FormIntro>
        <StepProgress step={step} />
        <Formik initialValues={signupInitialValues} validationSchema={signupFormSchema} onSubmit={submit}>
          {(form) => (
            // Step 1's submit only moves on: Formik's would validate step 2's fields too, unseen, and mark them touched.
            <Form noValidate {...(step === 1 ? { onSubmit: (event: React.FormEvent) => {
                event.preventDefault();
                void next(form);
              } } : {})}>
              {step === 1 ? <StepOne /> : <StepTwo pending={signup.isPending} onBack={() => setStep(1)} />}
            </Form>
          )}
        </Formik>
      </AuthCard>
      <SignInLine>
        <Link to="/login">Already have an account? Sign in here</Link>
      </SignInLine>
    </AuthShell>
  );
}

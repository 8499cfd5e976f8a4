import { Form, Formik, type FormikHelpers } from 'formik';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Muted, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useCompletePasswordReset } from '../../api/password-reset';
import { NEW_PASSWORD_HINT, passwordResetSchema } from '../../../common/schemas/password';
import { AuthCard, AuthShell, BrandMark, FormIntro } from './AuthShell';

interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: NewPassword = { newPassword: '', confirmPassword: '' };
const newPasswordSchema = passwordResetSchema.omit(['token']);

/** /reset-password?token=...: the link from the reset email (or the one an admin handed over). */
export default function ResetPasswordPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const complete = useCompletePasswordReset();
  const submit = (values: NewPassword, helpers: FormikHelpers<NewPassword>) =>
    complete.mutate(
      { token: token ?? '', ...values },
      {
        onSuccess: () => {
          showToast('Password changed', 'Sign in with your new password. Every device that was signed in has been signed out.', 'success');
          void navigate({ to: '/login' });
        },
        onError: (error) => {
          showToast('Password not changed', messageOf(error, 'Please try again.'), 'destructive');
          if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
        },
      },
    );

  return (
    <AuthShell hero={<BrandMark />}>
      <AuthCard>
        <FormIntro>
          <h1>Choose a new password</h1>
          <p>At least 8 characters, and not a common password.</p>
        </FormIntro>
        {token ? (
          <Formik initialValues={EMPTY} validationSchema={newPasswordSchema} onSubmit={submit}>
            <Form noValidate>
              <Stack $gap="14px">
                <FormField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
                <FormField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
                <Button type="submit" $block $size="lg" disabled={complete.isPending}>
                  {complete.isPending ? 'Saving...' : 'Set new password'}
                </Button>
              </Stack>
            </Form>
          </Formik>
        ) : (
          <Muted role="alert">This page needs the link from your reset email. Open the link again, or ask for a new one.</Muted>
        )}
        <Muted>
          <Link to="/forgot-password">Ask for a new link</Link> · <Link to="/login">Back to sign in</Link>
        </Muted>
      </AuthCard>
    </AuthShell>
  );
}

import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Link } from '@tanstack/react-router';
import { Button, Muted, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { useRequestPasswordReset } from '../../api/password-reset';
import { passwordResetRequestSchema, type PasswordResetRequest } from '../../../common/schemas/password';
import { AuthCard, AuthShell, BrandMark, FormIntro } from './AuthShell';

const EMPTY: PasswordResetRequest = { email: '' };

/** /forgot-password: a reset link by email; the answer is the same for every address. */
export default function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const submit = (values: PasswordResetRequest) =>
    request.mutate(passwordResetRequestSchema.cast(values), {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) => showToast('Reset link not sent', messageOf(error, 'Please try again in a moment.'), 'destructive'),
    });

  return (
    <AuthShell hero={<BrandMark />}>
      <AuthCard>
        <FormIntro>
          <h1>Forgot your password?</h1>
          <p>Enter the email address of your account and we'll send you a link to choose a new one.</p>
        </FormIntro>
        {sent ? (
          <Stack $gap="12px">
            <Muted role="status">{sent}</Muted>
            <Muted>Check your inbox (and spam folder). No email? Ask again in a few minutes.</Muted>
          </Stack>
        ) : (
          <Formik initialValues={EMPTY} validationSchema={passwordResetRequestSchema} onSubmit={submit}>
            <Form noValidate>
              <Stack $gap="14px">
                <FormField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
                <Button type="submit" $block $size="lg" disabled={request.isPending}>
                  {request.isPending ? 'Sending...' : 'Send reset link'}
                </Button>
              </Stack>
            </Form>
          </Formik>
        )}
        <Muted>
          <Link to="/login">Back to sign in</Link>
        </Muted>
      </AuthCard>
    </AuthShell>
  );
}

import { Form, Formik, type FormikHelpers } from 'formik';
import { Button, Card, CardHeader, CardTitle, Muted, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useChangePassword } from '../../api/account';
import { changePasswordSchema, NEW_PASSWORD_HINT, type ChangePasswordPayload } from '../../../common/schemas/password';

const EMPTY: ChangePasswordPayload = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one is required; every other device is signed out. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const submit = (values: ChangePasswordPayload, helpers: FormikHelpers<ChangePasswordPayload>) =>
    change.mutate(values, {
      onSuccess: () => {
        helpers.resetForm();
        showToast('Password changed', 'Your other devices have been signed out.', 'success');
      },
      onError: (error) => {
        showToast('Password not changed', messageOf(error, 'Failed to change your password. Please try again.'), 'destructive');
        if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
      </CardHeader>
      <Formik initialValues={EMPTY} validationSchema={changePasswordSchema} onSubmit={submit}>
        <Form noValidate>
          <Stack $gap="12px">
            <Muted>At least 8 characters, and not a common password. Your other devices will be signed out.</Muted>
            <FormField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
            <FormField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
            <FormField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </Stack>
        </Form>
      </Formik>
    </Card>
  );
}

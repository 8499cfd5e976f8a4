import { Form, Formik } from 'formik';
import { Button, Stack } from '../ui';
import { FormField } from '../ui/FormField';
import { mfaCodeSchema, type MfaCodeInput } from '../../../common/schemas/mfa';

const EMPTY: MfaCodeInput = { code: '' };

/** One code from the authenticator (or a recovery code), with the button that sends it. */
export function CodeForm({ label, pendingLabel, pending, onCode }: { label: string; pendingLabel: string; pending: boolean; onCode: (code: string) => void }) {
  return (
    <Formik initialValues={EMPTY} validationSchema={mfaCodeSchema} onSubmit={(values) => onCode(mfaCodeSchema.cast(values).code)}>
      <Form noValidate>
        <Stack $gap="12px">
          <FormField name="code" label="Verification code" autoComplete="one-time-code" placeholder="123456" />
          <Button type="submit" $block disabled={pending}>
            {pending ? pendingLabel : label}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}

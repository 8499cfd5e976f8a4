import { useEffect, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Button, Card, CardHeader, CardTitle, Muted, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { hasOfflinePin, removeOfflinePin, setOfflinePin } from '../../offline/vault-key';
import { offlinePinSchema, type OfflinePinPayload } from '../../../common/schemas/offline-pin';

const EMPTY: OfflinePinPayload = { pin: '', confirmPin: '' };

/** This device's offline PIN: it opens the records kept here when there is no connection. */
export function OfflinePinCard() {
  const [pinSet, setPinSet] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void hasOfflinePin().then(setPinSet, () => setPinSet(false));
  }, []);

  const submit = async (values: OfflinePinPayload, helpers: FormikHelpers<OfflinePinPayload>) => {
    setBusy(true);
    try {
      await setOfflinePin(offlinePinSchema.cast(values).pin);
      helpers.resetForm();
      setPinSet(true);
      showToast('Offline PIN set', 'You can open your records on this device without a connection.', 'success');
    } catch {
      showToast('Offline PIN not set', 'Setting a PIN needs a connection. Please try again when you are online.', 'destructive');
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    await removeOfflinePin();
    setPinSet(false);
    showToast('Offline PIN removed', 'Your records on this device open only while you are online.', 'success');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Offline PIN</CardTitle>
      </CardHeader>
      <Formik initialValues={EMPTY} validationSchema={offlinePinSchema} onSubmit={submit}>
        <Form noValidate>
          <Stack $gap="12px">
            <Muted role="status">
              {pinSet === null
                ? 'Checking this device...'
                : pinSet
                  ? 'An offline PIN is set on this device.'
                  : 'Set a PIN to read your records on this device when you have no connection.'}
            </Muted>
            <Muted>At least 6 characters. It stays on this device and is removed when you log out.</Muted>
            <FormField name="pin" label={pinSet ? 'New offline PIN' : 'Offline PIN'} type="password" autoComplete="new-password" />
            <FormField name="confirmPin" label="Confirm PIN" type="password" autoComplete="new-password" />
            <Button type="submit" disabled={busy || pinSet === null}>
              {busy ? 'Saving...' : pinSet ? 'Change offline PIN' : 'Set offline PIN'}
            </Button>
            {pinSet && (
              <Button type="button" $variant="secondary" onClick={() => void remove()}>
                Remove offline PIN
              </Button>
            )}
          </Stack>
        </Form>
      </Formik>
    </Card>
  );
}

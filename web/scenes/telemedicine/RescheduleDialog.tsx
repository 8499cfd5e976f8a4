import { Form, Formik } from 'formik';
import type { Consultation } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { consultationRescheduleSchema } from '../../../common/schemas/consultation';
import { useRescheduleConsultation } from '../../api/consultations';
import { Dialog, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { DialogFormActions } from '../../components/consultations/DialogActions';
import { serverFieldErrors } from '../../components/consultations/errors';
import { messageOf } from '../../api/auth';
import { nowLocalInputValue, toLocalInputValue } from '../../components/consultations/format';

export function RescheduleDialog({ consultation, onClose }: { consultation: Consultation | null; onClose: () => void }) {
  const reschedule = useRescheduleConsultation();
  return (
    <Dialog
      open={consultation !== null}
      title="Reschedule Consultation"
      description={consultation ? `Pick a new time with ${doctorLabel(consultation.doctorName)}.` : undefined}
      onClose={onClose}
    >
      {consultation ? (
        <Formik
          initialValues={{ appointmentDate: toLocalInputValue(new Date(consultation.appointmentDate)) }}
          validationSchema={consultationRescheduleSchema}
          onSubmit={async (values, helpers) => {
            try {
              await reschedule.mutateAsync({ id: consultation.id, appointmentDate: new Date(values.appointmentDate).toISOString() });
              showToast('Consultation Rescheduled', 'Your consultation has been moved to the new time.', 'success');
              onClose();
            } catch (error) {
              helpers.setErrors(serverFieldErrors(error));
              showToast('Error', messageOf(error, 'Failed to reschedule consultation'), 'destructive');
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack $gap="14px">
                <FormField name="appointmentDate" label="New Date & Time" type="datetime-local" min={nowLocalInputValue()} />
                <DialogFormActions
                  pending={isSubmitting}
                  submitLabel="Reschedule"
                  pendingLabel="Rescheduling..."
                  onCancel={onClose}
                  cancelLabel="Keep Current Time"
                />
              </Stack>
            </Form>
          )}
        </Formik>
      ) : null}
    </Dialog>
  );
}

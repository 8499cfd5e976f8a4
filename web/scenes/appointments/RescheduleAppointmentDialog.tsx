import { format } from 'date-fns';
import { Form, Formik } from 'formik';
import type { Appointment } from '../../../common/api-types';
import { doctorLabel } from '../../../common/names';
import { localDateString } from '../../../common/schemas/helpers';
import { appointmentFormSchema, combineDateTime } from '../../../common/schemas/appointment';
import { messageOf } from '../../api/auth';
import { useRescheduleAppointment } from '../../api/records';
import { DialogFormActions } from '../../components/consultations/DialogActions';
import { showToast } from '../../components/toast';
import { Dialog, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { Pair } from './BookAppointmentDialog';

const rescheduleSchema = appointmentFormSchema.pick(['date', 'time']);

/** Moves an upcoming appointment to a new date and time (today or later). */
export function RescheduleAppointmentDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const reschedule = useRescheduleAppointment();
  const current = appointment ? new Date(appointment.appointmentDate) : new Date();
  return (
    <Dialog
      open={appointment !== null}
      title="Reschedule Appointment"
      description={appointment ? `${appointment.specialty} with ${doctorLabel(appointment.doctorName)}, now on ${format(current, 'EEE, MMM d · h:mm a')}.` : undefined}
      onClose={onClose}
    >
      <Formik
        key={appointment?.id}
        initialValues={{ date: localDateString(current), time: format(current, 'HH:mm') }}
        validationSchema={rescheduleSchema}
        // Messages appear on submit, not on blur: a message appearing under a field as the pointer goes down on
        // the submit button would move the button away from the pointer.
        validateOnBlur={false}
        onSubmit={async (values) => {
          if (!appointment) return;
          const when = combineDateTime(values.date, values.time);
          try {
            await reschedule.mutateAsync({ appointment, appointmentDate: when.toISOString() });
            showToast('Appointment Rescheduled', `Your appointment is now on ${format(when, 'EEE, MMM d')} at ${format(when, 'h:mm a')}.`, 'success');
            onClose();
          } catch (error) {
            showToast(messageOf(error, 'Failed to reschedule appointment'), undefined, 'destructive');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack $gap="14px">
              <Pair>
                <FormField name="date" label="New Date" type="date" min={localDateString()} />
                <FormField name="time" label="New Time" type="time" />
              </Pair>
              <DialogFormActions pending={isSubmitting} submitLabel="Reschedule" pendingLabel="Rescheduling..." onCancel={onClose} />
            </Stack>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

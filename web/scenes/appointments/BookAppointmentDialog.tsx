import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { APPOINTMENT_SPECIALTIES } from '../../../common/constants';
import { localDateString } from '../../../common/schemas/helpers';
import { appointmentFormSchema, appointmentInitialValues, toAppointmentPayload, type AppointmentFormValues } from '../../../common/schemas/appointment';
import { messageOf } from '../../api/auth';
import { useBookAppointment } from '../../api/records';
import { DialogFormActions } from '../../components/consultations/DialogActions';
import { serverFieldErrors } from '../../components/consultations/errors';
import { showToast } from '../../components/toast';
import { Dialog, Stack } from '../../components/ui';
import { CheckboxField, FormField } from '../../components/ui/FormField';

export const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;

export function BookAppointmentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const book = useBookAppointment();
  return (
    <Dialog open={open} title="Book Appointment" description="Record a visit with your doctor or clinic." onClose={onClose}>
      <Formik<AppointmentFormValues>
        initialValues={appointmentInitialValues}
        validationSchema={appointmentFormSchema}
        // Messages appear on submit, not on blur: a message appearing under a field as the pointer goes down on
        // the submit button would move the button away from the pointer.
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          try {
            await book.mutateAsync(toAppointmentPayload(values));
            showToast('Appointment booked successfully', undefined, 'success');
            onClose();
          } catch (error) {
            helpers.setErrors(serverFieldErrors(error));
            showToast(messageOf(error, 'Failed to book appointment'), undefined, 'destructive');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack $gap="14px">
              <FormField name="doctorName" label="Doctor Name" placeholder="e.g. Dr. Sarah Chen" />
              <FormField name="specialty" label="Specialty" as="select">
                <option value="">Select a specialty</option>
                {APPOINTMENT_SPECIALTIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </FormField>
              <FormField name="facility" label="Facility" placeholder="e.g. Riverside Family Practice" />
              <FormField name="facilityAddress" label="Facility Address (optional)" />
              <Pair>
                <FormField name="date" label="Date" type="date" min={localDateString()} />
                <FormField name="time" label="Time" type="time" />
              </Pair>
              <FormField name="reason" label="Reason for Visit (optional)" />
              <FormField name="notes" label="Notes (optional)" as="textarea" />
              <FormField name="cost" label="Cost ($)" type="number" min={0} step="0.01" />
              <CheckboxField name="insuranceCovered">Covered by insurance</CheckboxField>
              <DialogFormActions pending={isSubmitting} submitLabel="Book Appointment" pendingLabel="Booking..." onCancel={onClose} />
            </Stack>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

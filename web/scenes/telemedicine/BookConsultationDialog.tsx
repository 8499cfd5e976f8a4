import { Form, Formik, useFormikContext } from 'formik';
import { useEffect } from 'react';
import type { Consultation } from '../../../common/api-types';
import { CONSULTATION_TYPES, CONSULTATION_TYPE_LABELS } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import {
  consultationInsertSchema,
  consultationInitialValues,
  toConsultationPayload,
  type ConsultationFormValues,
} from '../../../common/schemas/consultation';
import { useBookConsultation, type ListedDoctor } from '../../api/consultations';
import { usePaymentsConfig } from '../../api/payments';
import { FeeTermsNote } from '../../components/payments/FeeTermsNote';
import { bookingTerms } from './refund-terms';
import { Dialog, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { DialogFormActions } from '../../components/consultations/DialogActions';
import { FeeSummary } from '../../components/consultations/FeeSummary';
import { serverFieldErrors } from '../../components/consultations/errors';
import { messageOf } from '../../api/auth';
import { nowLocalInputValue } from '../../components/consultations/format';

interface Props {
  open: boolean;
  doctors: ListedDoctor[];
  /** Doctor chosen from a card, if any. */
  doctorId?: string;
  onClose: () => void;
  /** The new booking, whose fee the patient pays next. */
  onBooked: (consultation: Consultation) => void;
}

/** Keeps the shown (and sent) fee equal to the selected doctor's; the server charges that fee anyway. */
function FeeFromDoctor({ doctors }: { doctors: ListedDoctor[] }) {
  const { values, setFieldValue } = useFormikContext<ConsultationFormValues>();
  const chosen = doctors.find((d) => d.id === values.doctorId);
  const fee = chosen?.consultationFee ?? 0;
  useEffect(() => {
    if (values.fee !== fee) void setFieldValue('fee', fee, false);
  }, [fee, values.fee, setFieldValue]);
  return (
    <>
      <FeeSummary cents={chosen ? fee : null} />
      {fee > 0 ? <RefundRule /> : null}
    </>
  );
}

/** The refund rule, before booking, on a server that takes payments (one without Stripe keys charges nothing). */
function RefundRule() {
  const config = usePaymentsConfig().data;
  return <FeeTermsNote text={config?.configured ? bookingTerms(config.freeCancellationHours) : null} />;
}

export function BookConsultationDialog({ open, doctors, doctorId, onClose, onBooked }: Props) {
  const book = useBookConsultation();
  const bookable = doctors.filter((d) => d.isAvailable);
  return (
    <Dialog open={open} title="Book Consultation" description="Choose a doctor, a time and how you would like to meet." onClose={onClose}>
      <Formik<ConsultationFormValues>
        initialValues={{ ...consultationInitialValues, doctorId: doctorId ?? '' }}
        validationSchema={consultationInsertSchema}
        onSubmit={async (values, helpers) => {
          try {
            const booked = await book.mutateAsync(toConsultationPayload(values));
            showToast('Consultation booked successfully', undefined, 'success');
            onClose();
            onBooked(booked);
          } catch (error) {
            helpers.setErrors(serverFieldErrors(error));
            showToast('Error', messageOf(error, 'Failed to book consultation'), 'destructive');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack $gap="14px">
              <FormField name="doctorId" label="Doctor" as="select">
                <option value="">Select a doctor</option>
                {bookable.map((d) => (
                  <option key={d.id} value={d.id}>
                    {doctorLabel(d.name)} - {d.specialty}
                  </option>
                ))}
              </FormField>
              <FormField name="appointmentDate" label="Appointment Date & Time" type="datetime-local" min={nowLocalInputValue()} />
              <FormField name="consultationType" label="Consultation Type" as="select">
                {CONSULTATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CONSULTATION_TYPE_LABELS[type]}
                  </option>
                ))}
              </FormField>
              <FormField name="symptoms" label="Symptoms" as="textarea" placeholder="Describe your symptoms and how long you have had them" />
              <FormField name="patientNotes" label="Additional Notes (optional)" as="textarea" placeholder="Anything else the doctor should know" />
              <FeeFromDoctor doctors={doctors} />
              <DialogFormActions pending={isSubmitting} submitLabel="Book" pendingLabel="Booking..." onCancel={onClose} />
            </Stack>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

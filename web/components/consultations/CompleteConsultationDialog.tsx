import { Form, Formik } from 'formik';
import { consultationCompleteSchema } from '../../../common/schemas/consultation';
import { Dialog, Stack } from '../ui';
import { FormField } from '../ui/FormField';
import { DialogFormActions } from './DialogActions';

export interface CompletionValues {
  diagnosis: string;
  prescription: string;
  consultationNotes: string;
}

/** The outcome as the status change sends it: what the doctor left empty is not sent. */
export function completionOutcome(values: CompletionValues) {
  return {
    diagnosis: values.diagnosis.trim() || undefined,
    prescription: values.prescription.trim() || undefined,
    consultationNotes: values.consultationNotes.trim() || undefined,
  };
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** Resolves when saved; rejects to keep the dialog open (the caller shows the toast). */
  onComplete: (values: CompletionValues) => Promise<void>;
}

export function CompleteConsultationDialog({ open, onClose, onComplete }: Props) {
  return (
    <Dialog open={open} title="Complete Consultation" description="Record the outcome. The patient sees the diagnosis." onClose={onClose}>
      <Formik<CompletionValues>
        initialValues={{ diagnosis: '', prescription: '', consultationNotes: '' }}
        validationSchema={consultationCompleteSchema}
        onSubmit={async (values) => {
          try {
            await onComplete(values);
            onClose();
          } catch {
            // The toast already says what went wrong; the doctor's text stays in the form.
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack $gap="14px">
              <FormField name="diagnosis" label="Diagnosis" as="textarea" placeholder="Diagnosis for the patient" />
              <FormField name="prescription" label="Prescription" as="textarea" placeholder="Medications, dosage and duration" />
              <FormField name="consultationNotes" label="Notes" as="textarea" placeholder="Clinical notes and follow-up" />
              <DialogFormActions pending={isSubmitting} submitLabel="Complete Consultation" pendingLabel="Completing..." onCancel={onClose} />
            </Stack>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

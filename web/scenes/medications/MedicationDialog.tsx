import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import styled from 'styled-components';
import type { Medication } from '../../../common/api-types';
import { DEFAULT_REMINDER_TIME, MAX_REMINDER_TIMES, MEDICATION_FREQUENCIES, MEDICATION_FREQUENCY_LABELS, type MedicationFrequency } from '../../../common/constants';
import { FREQUENCY_REMINDER_TIMES, nextReminderTime } from '../../../common/reminder-times';
import { localDateString } from '../../../common/schemas/helpers';
import { medicationInitialValues, medicationSchema, smartReminderPayload, toMedicationPayload, type MedicationFormValues } from '../../../common/schemas/medication';
import { messageOf } from '../../api/auth';
import { useAddMedication, usePlanAbilities, useUpdateMedication } from '../../api/records';
import { PremiumLock } from '../../components/PremiumLock';
import { SmartReminderFields } from './SmartReminderFields';
import { isQueued } from '../../offline/send-or-queue';
import { showWillSyncToast } from '../../components/offline/will-sync';
import { DialogFormActions } from '../../components/consultations/DialogActions';
import { serverFieldErrors } from '../../components/consultations/errors';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { Button, Dialog, FieldError, Icon, IconButton, Input, Label, Stack } from '../../components/ui';
import { CheckboxField, FormField } from '../../components/ui/FormField';

type Values = MedicationFormValues & { isActive: boolean };

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(150px, 100%), 1fr));
  gap: 12px;
  input, select { min-width: 0; width: 100%; }
`;

const TimeRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
`;

/** Choosing a frequency with usual times (twice daily: 08:00 and 20:00) fills the reminder times with them. */
function FrequencyField() {
  const { setFieldValue } = useFormikContext<Values>();
  // The select's own change goes to Formik; this hears it bubble up and sets the times to match.
  const suggestTimes = (event: React.ChangeEvent<HTMLDivElement>) => {
    const preset = FREQUENCY_REMINDER_TIMES[(event.target as unknown as HTMLSelectElement).value as MedicationFrequency];
    if (preset) void setFieldValue('reminderTimes', [...preset]);
  };
  return (
    <div onChange={suggestTimes}>
      <FormField name="frequency" label="Frequency" as="select">
        {MEDICATION_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {MEDICATION_FREQUENCY_LABELS[f]}
          </option>
        ))}
      </FormField>
    </div>
  );
}

function ReminderTimes() {
  const { values, errors, touched, handleChange, handleBlur } = useFormikContext<Values>();
  const error = touched.reminderTimes && errors.reminderTimes;
  return (
    <FieldArray name="reminderTimes">
      {({ push, remove }) => (
        <Label as="div">
          Reminder Times
          {values.reminderTimes.map((time, index) => (
            <TimeRow key={index}>
              <Input type="time" name={`reminderTimes.${index}`} value={time} onChange={handleChange} onBlur={handleBlur} aria-label={`Reminder time ${index + 1}`} />
              {values.reminderTimes.length > 1 ? (
                <IconButton onClick={() => remove(index)} aria-label={`Remove reminder time ${index + 1}`}>
                  <Icon path={RECORD_ICONS.trash} size={18} />
                </IconButton>
              ) : null}
            </TimeRow>
          ))}
          {values.reminderTimes.length < MAX_REMINDER_TIMES ? (
            <Button $variant="ghost" $size="sm" onClick={() => push(nextReminderTime(values.reminderTimes))}>
              <Icon path={RECORD_ICONS.plus} size={16} />
              Add time
            </Button>
          ) : null}
          {error ? <FieldError>{Array.isArray(error) ? error.find(Boolean) : error}</FieldError> : null}
        </Label>
      )}
    </FieldArray>
  );
}

const dateInput = (iso: string | null) => (iso ? localDateString(new Date(iso)) : '');

function valuesOf(medication: Medication | null): Values {
  if (!medication) return { ...medicationInitialValues(), isActive: true };
  return {
    name: medication.name,
    dosage: medication.dosage,
    frequency: medication.frequency,
    reminderTimes: medication.reminderTimes.length ? medication.reminderTimes : [DEFAULT_REMINDER_TIME],
    prescribedBy: medication.prescribedBy ?? '',
    instructions: medication.instructions ?? '',
    startDate: dateInput(medication.startDate),
    endDate: dateInput(medication.endDate),
    pillsLeft: medication.supply?.pillsLeft ?? '',
    pillsPerDose: medication.supply?.pillsPerDose ?? '',
    refillReminderDays: medication.supply?.refillReminderDays ?? '',
    followUpMinutes: medication.followUpMinutes ?? '',
    isActive: medication.isActive,
  };
}

interface Props {
  open: boolean;
  /** The medication to edit; null adds a new one. */
  medication: Medication | null;
  onClose: () => void;
}

/** Add Medication (spec defaults: 08:00, once daily, starting now) and Edit Medication. */
export function MedicationDialog({ open, medication, onClose }: Props) {
  const add = useAddMedication();
  const update = useUpdateMedication();
  const editing = medication !== null;
  const abilities = usePlanAbilities();

  const submit = async (values: Values) => {
    // Only a plan with smart reminders sends them (the server refuses them to the free plan).
    const payload = { ...toMedicationPayload(values), ...(abilities?.smartReminders ? smartReminderPayload(values) : {}) };
    if (!editing) {
      if (isQueued(await add.mutateAsync(payload))) showWillSyncToast();
      else showToast('Medication added successfully', undefined, 'success');
      return;
    }
    // Cleared optional fields are sent as null so the stored values are removed too.
    const change = { ...payload, endDate: payload.endDate ?? null, prescribedBy: payload.prescribedBy ?? null, instructions: payload.instructions ?? null, isActive: values.isActive };
    if (isQueued(await update.mutateAsync({ medication, change }))) showWillSyncToast();
    else showToast('Medication updated', `${payload.name} has been saved.`, 'success');
  };

  return (
    <Dialog open={open} title={editing ? 'Edit Medication' : 'Add Medication'} description={editing ? undefined : 'Track a medication and when to take it.'} onClose={onClose}>
      <Formik<Values>
        key={medication?.id ?? 'new'}
        initialValues={valuesOf(medication)}
        validationSchema={medicationSchema}
        // Messages appear on submit, not on blur: a message appearing under a field as the pointer goes down on
        // the submit button would move the button away from the pointer.
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          try {
            await submit(values);
            onClose();
          } catch (error) {
            helpers.setErrors(serverFieldErrors(error));
            showToast(messageOf(error, editing ? 'Failed to update medication' : 'Failed to add medication'), undefined, 'destructive');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack $gap="14px">
              <FormField name="name" label="Medication Name" placeholder="e.g. Lisinopril" />
              <Pair>
                <FormField name="dosage" label="Dosage" placeholder="e.g. 10mg" />
                <FrequencyField />
              </Pair>
              <ReminderTimes />
              <FormField name="prescribedBy" label="Prescribed By (optional)" placeholder="e.g. Dr. Sarah Chen" />
              <Pair>
                <FormField name="startDate" label="Start Date" type="date" />
                <FormField name="endDate" label="End Date (optional)" type="date" />
              </Pair>
              <FormField name="instructions" label="Instructions (optional)" as="textarea" placeholder="e.g. Take with food" />
              {abilities?.smartReminders ? <SmartReminderFields /> : abilities ? <PremiumLock feature="Smart Reminders" /> : null}
              {editing ? <CheckboxField name="isActive">Currently taking this medication</CheckboxField> : null}
              <DialogFormActions
                pending={isSubmitting}
                submitLabel={editing ? 'Save Changes' : 'Add Medication'}
                pendingLabel={editing ? 'Saving...' : 'Adding...'}
                onCancel={onClose}
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { ADMIN_SPECIALTIES, type AdminSpecialty } from '../../../common/constants';
import type { PublicDoctor } from '../../../common/api-types';
import {
  adminDoctorEditFormSchema,
  adminDoctorFormSchema,
  doctorFormInitialValues,
  toDoctorPayload,
  type DoctorFormValues,
} from '../../../common/schemas/doctor';
import { NEW_PASSWORD_HINT } from '../../../common/schemas/password';
import { useCreateDoctor, useUpdateDoctor } from '../../api/admin';
import { Dialog, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { DialogFormActions } from '../../components/consultations/DialogActions';
import { serverFieldErrors } from '../../components/consultations/errors';
import { messageOf } from '../../api/auth';

const Pair = styled.div`
  display: grid;
  gap: 14px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;

/** The edit form starts from the doctor's stored values, the fee shown in dollars. */
function valuesOf(doctor: PublicDoctor): DoctorFormValues {
  return {
    name: doctor.name,
    email: doctor.email,
    specialty: (ADMIN_SPECIALTIES as readonly string[]).includes(doctor.specialty) ? (doctor.specialty as AdminSpecialty) : '',
    licenseNumber: doctor.licenseNumber,
    phone: doctor.phone ?? '',
    experience: doctor.experience,
    consultationFee: doctor.consultationFee / 100,
    password: '',
    bio: doctor.bio ?? '',
  };
}

interface Props {
  /** 'new' for Add Doctor, a doctor for Edit Doctor, null when closed. */
  editing: PublicDoctor | 'new' | null;
  onClose: () => void;
}

export function DoctorFormDialog({ editing, onClose }: Props) {
  const create = useCreateDoctor();
  const update = useUpdateDoctor();
  const isNew = editing === 'new';
  const doctor = editing !== 'new' ? editing : null;

  const save = async (values: DoctorFormValues) => {
    if (doctor) {
      await update.mutateAsync({ doctor, changes: toDoctorPayload(values, 'update') });
      showToast('Doctor Updated', `${values.name.trim()}'s details have been saved.`, 'success');
    } else {
      await create.mutateAsync(toDoctorPayload(values, 'create'));
      showToast('Doctor Added', `${values.name.trim()} has been added and is pending verification.`, 'success');
    }
  };

  return (
    <Dialog
      open={editing !== null}
      title={isNew ? 'Add New Doctor' : 'Edit Doctor'}
      description={isNew ? 'New doctors start as pending until you verify them.' : undefined}
      onClose={onClose}
    >
      <Formik<DoctorFormValues>
        initialValues={doctor ? valuesOf(doctor) : doctorFormInitialValues}
        validationSchema={isNew ? adminDoctorFormSchema : adminDoctorEditFormSchema}
        onSubmit={async (values, helpers) => {
          try {
            await save(values);
            onClose();
          } catch (error) {
            helpers.setErrors(serverFieldErrors(error));
            showToast('Error', messageOf(error, isNew ? 'Failed to add doctor' : 'Failed to update doctor'), 'destructive');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack $gap="14px">
              <FormField name="name" label="Full Name" placeholder="Dr. Jane Smith" autoComplete="off" />
              <Pair>
                <FormField name="email" label="Email" type="email" autoComplete="off" />
                <FormField name="phone" label="Phone" type="tel" autoComplete="off" />
              </Pair>
              <Pair>
                <FormField name="specialty" label="Specialty" as="select">
                  <option value="">Select a specialty</option>
                  {ADMIN_SPECIALTIES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </FormField>
                <FormField name="licenseNumber" label="License Number" autoComplete="off" />
              </Pair>
              <Pair>
                <FormField name="experience" label="Experience (years)" type="number" min={0} step={1} />
                <FormField name="consultationFee" label="Consultation Fee ($)" type="number" min={0} step={1} />
              </Pair>
              {isNew ? <FormField name="password" label="Initial Password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} /> : null}
              <FormField name="bio" label="Bio (optional)" as="textarea" placeholder="Training, focus areas and languages" />
              <DialogFormActions
                pending={isSubmitting}
                submitLabel={isNew ? 'Add Doctor' : 'Save Changes'}
                pendingLabel={isNew ? 'Adding...' : 'Saving...'}
                onCancel={onClose}
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

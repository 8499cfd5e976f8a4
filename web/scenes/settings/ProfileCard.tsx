import { Form, Formik, type FormikHelpers } from 'formik';
import { useQuery } from '@tanstack/react-query';
import { RELATIONSHIP_LABELS, RELATIONSHIP_OPTIONS } from '../../../common/constants';
import { profileFormSchema, profileFormValues, toProfileUpdate, type ProfileFormValues } from '../../../common/schemas/profile';
import { Button, Card, CardHeader, CardTitle, Grid, Muted, Skeleton, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { ApiError } from '../../api/client';
import { meQuery } from '../../api/session';
import { useUpdateProfile } from '../../api/profile';

/** Name, phone and emergency contact; the username and email sign the person in and stay as they are. */
export function ProfileCard() {
  const { data: me } = useQuery(meQuery);
  const update = useUpdateProfile();
  const submit = (values: ProfileFormValues, helpers: FormikHelpers<ProfileFormValues>) =>
    update.mutate(toProfileUpdate(values), {
      onSuccess: (user) => {
        helpers.resetForm({ values: profileFormValues(user) });
        showToast('Profile saved', 'Your details are up to date.', 'success');
      },
      onError: (error) => {
        showToast('Profile not saved', messageOf(error, 'Your details could not be saved. Please try again.'), 'destructive');
        if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
      },
    });

  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle id="profile-title">Profile</CardTitle>
      </CardHeader>
      {me ? (
        <Formik initialValues={profileFormValues(me)} validationSchema={profileFormSchema} onSubmit={submit} enableReinitialize>
          {({ dirty }) => (
            <Form noValidate>
              <Stack $gap="12px">
                <Muted>
                  Signed in as <strong>{me.username}</strong> ({me.email}).
                </Muted>
                <Grid $min="200px" $gap="12px">
                  <FormField name="firstName" label="First Name" autoComplete="given-name" />
                  <FormField name="lastName" label="Last Name" autoComplete="family-name" />
                </Grid>
                <FormField name="phone" label="Phone Number" type="tel" autoComplete="tel" placeholder="Optional" />
                <Muted as="h3">Emergency contact</Muted>
                <Grid $min="200px" $gap="12px">
                  <FormField name="emergencyContactName" label="Contact name" autoComplete="off" />
                  <FormField name="emergencyContactPhone" label="Contact phone" type="tel" autoComplete="off" />
                </Grid>
                <FormField name="emergencyContactRelation" label="Relationship" as="select">
                  <option value="">No emergency contact</option>
                  {RELATIONSHIP_OPTIONS.map((relation) => (
                    <option key={relation} value={relation}>
                      {RELATIONSHIP_LABELS[relation]}
                    </option>
                  ))}
                </FormField>
                <Button type="submit" disabled={update.isPending || !dirty}>
                  {update.isPending ? 'Saving...' : 'Save profile'}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      ) : (
        <Skeleton $height="280px" />
      )}
    </Card>
  );
}

import { usePlanAbilities } from '../../api/records';
import { Card, CardHeader, CardTitle, LinkButton, Muted } from '../../components/ui';

/** The way to the support team, from Settings. */
export function HelpCard() {
  const abilities = usePlanAbilities();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Help</CardTitle>
      </CardHeader>
      <Muted>
        {abilities?.prioritySupport
          ? 'Write to our support team from the app. With Premium, your requests are answered before others.'
          : 'Write to our support team from the app; the answer appears there and in your notifications.'}
      </Muted>
      <LinkButton to="/support" $variant="secondary" style={{ marginTop: 12 }}>
        Contact Support
      </LinkButton>
    </Card>
  );
}

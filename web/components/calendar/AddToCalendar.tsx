import { calendarFileUrl } from '../../api/calendar';
import { AnchorButton, Icon } from '../ui';
import { ICONS } from '../consultations/icons';

interface Props {
  kind: 'appointments' | 'consultations';
  id: string;
  /** What the file is of, for screen readers: 'appointment with Dr. Lee'. */
  label: string;
}

/** 'Add to calendar': downloads the event as an .ics file, which phones and desktop calendars open. */
export function AddToCalendar({ kind, id, label }: Props) {
  return (
    <AnchorButton href={calendarFileUrl(kind, id)} download $variant="secondary" $size="sm" aria-label={`Add to calendar: ${label}`}>
      <Icon path={ICONS.calendar} size={16} />
      Add to calendar
    </AnchorButton>
  );
}

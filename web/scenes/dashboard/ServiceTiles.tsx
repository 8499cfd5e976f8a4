import styled from 'styled-components';
import { RECORD_ICONS } from '../../components/records/icons';
import { IconTile, MEDICATION_TINT } from '../../components/records/IconTile';
import { TileGrid, TileLink } from '../../components/records/Layout';

/** The title's size follows the tile, so 'Appointments' fits two tiles to a row on a 320 px phone. */
const Tile = styled(TileLink)`
  container-type: inline-size;
  strong { font-size: clamp(0.8rem, 12.5cqi, 0.95rem); overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.8rem; line-height: 1.3; }
`;

const SERVICES = [
  { to: '/telemedicine', title: 'Telemedicine', text: 'See a doctor by video', icon: RECORD_ICONS.video, tint: '#dbeafe', ink: '#1d4ed8' },
  { to: '/scanner', title: 'Scan Document', text: 'Add a report from a photo', icon: RECORD_ICONS.scan, tint: '#ccfbf1', ink: '#115e59' },
  { to: '/medications', title: 'Medications', text: 'Doses and reminders', icon: RECORD_ICONS.pill, ...MEDICATION_TINT },
  { to: '/appointments', title: 'Appointments', text: 'Visits and bookings', icon: RECORD_ICONS.calendar, tint: '#fef3c7', ink: '#92400e' },
] as const;

export function ServiceTiles() {
  return (
    <TileGrid as="nav" aria-label="Services">
      {SERVICES.map((s) => (
        <Tile key={s.to} to={s.to}>
          <IconTile icon={s.icon} size={38} tint={s.tint} ink={s.ink} />
          <strong>{s.title}</strong>
          <small>{s.text}</small>
        </Tile>
      ))}
    </TileGrid>
  );
}

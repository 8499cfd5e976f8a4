import styled from 'styled-components';
import { Button, Muted, Row } from './ui';

const Bar = styled(Row)`
  margin-top: 12px;
  justify-content: space-between;
  align-items: center;
`;

interface ListPagerProps {
  /** Zero-based. */
  page: number;
  pageSize: number;
  /** How many rows match in all (the server's X-Total-Count). */
  total: number;
  onPage(page: number): void;
}

/** Previous / Next under a paged list with 'first–last of total' between them; nothing when one page holds it all. */
export function ListPager({ page, pageSize, total, onPage }: ListPagerProps) {
  if (total <= pageSize) return null;
  const shownFrom = page * pageSize + 1;
  const shownTo = Math.min(total, (page + 1) * pageSize);
  return (
    <Bar $gap="8px">
      <Button $variant="secondary" $size="sm" onClick={() => onPage(page - 1)} disabled={page === 0}>
        Previous
      </Button>
      <Muted aria-live="polite">
        {shownFrom}–{shownTo} of {total}
      </Muted>
      <Button $variant="secondary" $size="sm" onClick={() => onPage(page + 1)} disabled={shownTo >= total}>
        Next
      </Button>
    </Bar>
  );
}

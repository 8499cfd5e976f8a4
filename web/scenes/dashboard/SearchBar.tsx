import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { SearchInput } from '../../components/records/Layout';
import { SEARCH_PARAM } from '../../components/records/search-query';
import { Button } from '../../components/ui';

const Form = styled.form`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;
`;

/**
 * Filters the recent reports as you type; Search (or Enter) opens the Reports screen with the same search.
 * No toast: the spec's 'Searching...' toast on every press covered the header and said nothing
 * (docs/decisions.md).
 */
export function SearchBar({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const navigate = useNavigate();
  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ to: '/reports', search: value ? { [SEARCH_PARAM]: value } : {} });
      }}
    >
      <SearchInput value={value} onChange={onChange} placeholder="Search your reports" label="Search reports" />
      <Button type="submit">Search</Button>
    </Form>
  );
}

import styled from 'styled-components';
import { SearchInput } from '../../components/records/Layout';
import { showToast } from '../../components/toast';
import { Button } from '../../components/ui';

const Form = styled.form`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;
`;

/** Filters the recent reports as you type; the button only answers 'Searching...' (spec section 2). */
export function SearchBar({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        showToast('Searching...');
      }}
    >
      <SearchInput value={value} onChange={onChange} placeholder="Search your reports" label="Search reports" />
      <Button type="submit">Search</Button>
    </Form>
  );
}

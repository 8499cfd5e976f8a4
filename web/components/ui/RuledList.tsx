import styled from 'styled-components';

/** A bare list whose entries are separated by a rule (support requests, break-glass accesses). */
export const RuledList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  > li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    padding-top: 12px;
    overflow-wrap: anywhere;
  }
`;

import { useState } from 'react';
import { Icon } from './Icon';
import styled from 'styled-components';

export const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: 0.9rem;
  font-weight: 600;
`;

const controlStyles = `
  width: 100%;
  padding: 10px 12px;
  border-radius: 10px;
  font-weight: 400;
  font-size: 1rem;
`;

export const Input = styled.input`
  ${controlStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
  /* Chromium keeps the clear button's room while a search field is empty, cutting a placeholder at 320 px. */
  &[type='search']:placeholder-shown::-webkit-search-cancel-button { display: none; }
`;

export const TextArea = styled.textarea`
  ${controlStyles}
  min-height: 88px;
  resize: vertical;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const Select = styled.select`
  ${controlStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

/** A rule the value must follow, shown under the control for as long as the person types. */
export const FieldHint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.82rem;
  font-weight: 400;
`;

export const FieldError = styled.span.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.82rem;
  font-weight: 500;
`;

const Reveal = styled.div`
  position: relative;
  input { padding-right: 48px; }
  button {
    position: absolute;
    top: 50%;
    right: 4px;
    transform: translateY(-50%);
    width: 40px;
    height: 40px;
    display: grid;
    place-items: center;
    border: none;
    background: none;
    border-radius: 8px;
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: pointer;
    &:hover { color: ${({ theme }) => theme.colors.text}; }
  }
`;

const EYE = ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z'];
const EYE_OFF = ['M3 3l18 18', 'M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6', 'M9.9 9.9a3 3 0 0 0 4.2 4.2'];

/** A password input with a show/hide toggle; every other prop goes to the input. */
export function PasswordInput(props: React.ComponentProps<typeof Input>) {
  const [shown, setShown] = useState(false);
  return (
    <Reveal>
      <Input {...props} type={shown ? 'text' : 'password'} />
      <button type="button" onClick={() => setShown((s) => !s)} aria-label={shown ? 'Hide password' : 'Show password'} aria-pressed={shown}>
        <Icon path={shown ? EYE_OFF : EYE} />
      </button>
    </Reveal>
  );
}

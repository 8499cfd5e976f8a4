import { useField } from 'formik';
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
`;

export const TextArea = styled.textarea`
  ${controlStyles}
  min-height: 88px;
  resize: vertical;
  border: 1px solid ${({ theme }) => theme.colors.border};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const Select = styled.select`
  ${controlStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const FieldError = styled.span.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.82rem;
  font-weight: 500;
`;

type Control = 'input' | 'textarea' | 'select';

interface FormFieldProps {
  name: string;
  label: string;
  as?: Control;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  children?: React.ReactNode;
  disabled?: boolean;
}

/** A Formik-bound labelled control showing the schema's message under it once touched. */
export function FormField({ name, label, as = 'input', children, ...rest }: FormFieldProps) {
  const [field, meta] = useField(name);
  const invalid = Boolean(meta.touched && meta.error);
  const common = { ...field, value: field.value ?? '', id: name, 'aria-invalid': invalid, 'aria-describedby': invalid ? `${name}-error` : undefined, ...rest };
  return (
    <Label htmlFor={name}>
      {label}
      {as === 'textarea' ? <TextArea {...common} /> : as === 'select' ? <Select {...common}>{children}</Select> : <Input {...common} />}
      {invalid ? <FieldError id={`${name}-error`}>{meta.error}</FieldError> : null}
    </Label>
  );
}

const CheckLabel = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  font-size: 0.9rem;
  input { margin-top: 3px; width: 18px; height: 18px; }
`;

export function CheckboxField({ name, children }: { name: string; children: React.ReactNode }) {
  const [field, meta] = useField({ name, type: 'checkbox' });
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <div>
      <CheckLabel>
        <input type="checkbox" {...field} aria-invalid={invalid} />
        <span>{children}</span>
      </CheckLabel>
      {invalid ? <FieldError>{meta.error}</FieldError> : null}
    </div>
  );
}

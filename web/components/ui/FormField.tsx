import { useField } from 'formik';
import styled from 'styled-components';
import { FieldError, Input, Label, PasswordInput, Select, TextArea } from './Field';

/*
 * The Formik-bound fields, apart from the barrel (./index.ts): a screen that only shows things does not
 * load and run Formik because its layout uses a Button.
 */

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
      {as === 'textarea' ? (
        <TextArea {...common} />
      ) : as === 'select' ? (
        <Select {...common}>{children}</Select>
      ) : rest.type === 'password' ? (
        // Named explicitly: the label also holds the toggle, whose name must not join the input's.
        <PasswordInput {...common} aria-label={label} />
      ) : (
        <Input {...common} />
      )}
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

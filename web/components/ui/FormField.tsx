import { useField } from 'formik';
import styled from 'styled-components';
import { FieldError, FieldHint, Input, Label, PasswordInput, Select, TextArea } from './Field';

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
  /** A rule for the value that stays in sight while typing, unlike a placeholder. */
  hint?: string;
  autoComplete?: string;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  children?: React.ReactNode;
  disabled?: boolean;
}

/** The hint and the message sit outside the label, so they describe the control without joining its name. */
const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

/** A Formik-bound labelled control showing the schema's message under it once touched. */
export function FormField({ name, label, as = 'input', hint, children, ...rest }: FormFieldProps) {
  const [field, meta] = useField(name);
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint ? `${name}-hint` : '', invalid ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { ...field, value: field.value ?? '', id: name, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...rest };
  return (
    <Field>
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
      </Label>
      {hint ? <FieldHint id={`${name}-hint`}>{hint}</FieldHint> : null}
      {invalid ? <FieldError id={`${name}-error`}>{meta.error}</FieldError> : null}
    </Field>
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

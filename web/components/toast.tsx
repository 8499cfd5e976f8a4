import { toast } from 'react-toastify';
import styled from 'styled-components';

export type ToastVariant = 'default' | 'success' | 'destructive';

const Title = styled.div`
  font-weight: 600;
`;
const Description = styled.div`
  font-size: 0.9rem;
  opacity: 0.9;
`;

/** One toast at a time (spec section 4): a new toast replaces the one on screen. */
export function showToast(title: string, description?: string, variant: ToastVariant = 'default'): void {
  toast.dismiss();
  const content = (
    <div>
      <Title>{title}</Title>
      {description ? <Description>{description}</Description> : null}
    </div>
  );
  const type = variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'default';
  toast(content, { type, role: variant === 'destructive' ? 'alert' : 'status' });
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Row } from './ui';
import { showToast } from './toast';

const Link = styled.code`
  display: block;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  word-break: break-all;
  font-size: 0.8rem;
`;

interface OneTimeLinkProps {
  link: string;
  /** The accessible name of the link's text, e.g. 'Shared link'. */
  label: string;
  /** The copied toast's body: where the link should go next. */
  afterCopy: string;
  onDone: () => void;
  /** Shown between the link and the buttons (a QR code). */
  children?: ReactNode;
}

/** A secret link shown this once: its text, then Copy link and Done. */
export function OneTimeLink({ link, label, afterCopy, onDone, children }: OneTimeLinkProps) {
  const copy = () =>
    void navigator.clipboard
      .writeText(link)
      .then(() => showToast('Link copied', afterCopy, 'success'))
      .catch(() => showToast('Could not copy', 'Select the link and copy it by hand.', 'destructive'));
  return (
    <>
      <Link aria-label={label}>{link}</Link>
      {children}
      <Row $gap="8px" $wrap>
        <Button type="button" $variant="secondary" onClick={copy}>
          Copy link
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </Row>
    </>
  );
}

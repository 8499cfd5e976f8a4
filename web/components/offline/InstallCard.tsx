import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { IOS_INSTALL_PROMPT_DELAY_MS } from '../../../common/constants';
import { acceptInstallOffer, useInstallOffer } from '../../offline/install-prompt';
import { RECORD_ICONS } from '../records/icons';
import { Button, Card, Icon, Row } from '../ui';

/** Spec section 9: the dismissal is remembered under a local flag. */
const DISMISSED_FLAG = 'medivault-install-dismissed';

const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
/** iPadOS reports itself as a Mac; its touch screen gives it away. */
const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent) || (/macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

const Body = styled.div`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  margin-bottom: 12px;
  h2 { margin: 0 0 4px; font-size: 1.05rem; }
  p { margin: 0; font-size: 0.9rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Spaced = styled(Card)`
  margin-top: 16px;
`;

const AppIcon = styled.img`
  width: 44px;
  height: 44px;
  border-radius: 10px;
  flex-shrink: 0;
`;

const Inline = styled.span`
  svg { vertical-align: -3px; }
`;

/**
 * The install card (spec: Install prompt): Install and 'Not now' where the browser offers installing; on
 * iOS, after 2 seconds, the Share then Add to Home Screen instructions. Hidden once installed (standalone)
 * or dismissed.
 */
export function InstallCard() {
  const offer = useInstallOffer();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_FLAG) === 'true');
  const [iosShown, setIosShown] = useState(false);
  const ios = isIos();
  const hidden = dismissed || isStandalone();

  useEffect(() => {
    if (!ios || hidden) return;
    const timer = window.setTimeout(() => setIosShown(true), IOS_INSTALL_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ios, hidden]);

  if (hidden || !(ios ? iosShown : offer)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_FLAG, 'true');
    setDismissed(true);
  };
  return (
    <Spaced aria-labelledby="install-title" data-testid="install-card">
      <Body>
        <AppIcon src="/icon-192.png" alt="" />
        <div>
          <h2 id="install-title">Install MediVault</h2>
          {ios ? (
            <p>
              Tap{' '}
              <Inline>
                <Icon path={RECORD_ICONS.share} size={16} />
              </Inline>{' '}
              Share, then Add to Home Screen. Your records open like an app, even offline.
            </p>
          ) : (
            <p>Add MediVault to your home screen: it opens like an app and your records work offline.</p>
          )}
        </div>
      </Body>
      <Row $gap="8px" $justify="flex-end">
        <Button $variant="ghost" onClick={dismiss}>
          Not now
        </Button>
        {ios ? null : <Button onClick={() => void acceptInstallOffer()}>Install</Button>}
      </Row>
    </Spaced>
  );
}

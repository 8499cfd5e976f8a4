import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { CAMERA_IDEAL, CAMERA_JPEG_QUALITY } from '../../../common/constants';
import { RECORD_ICONS } from '../../components/records/icons';
import { Button, EmptyState, Icon, IconButton, useFocusReturn } from '../../components/ui';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 60;
  background: #0b1220;
  color: white;
  display: flex;
  flex-direction: column;
`;

const Stage = styled.div`
  position: relative;
  flex: 1;
  overflow: hidden;
  video, img { width: 100%; height: 100%; object-fit: contain; background: black; }
`;

/** Where to hold the page: a portrait frame in the middle of the picture. */
const FrameGuide = styled.div`
  position: absolute;
  inset: 10% 12%;
  border: 2px solid rgba(255, 255, 255, 0.85);
  border-radius: 16px;
  box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.35);
  pointer-events: none;
  p { position: absolute; left: 0; right: 0; bottom: -36px; margin: 0; text-align: center; font-size: 0.9rem; }
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 20px calc(16px + env(safe-area-inset-bottom));
  background: #0b1220;
`;

const Shutter = styled.button`
  width: 68px;
  height: 68px;
  border-radius: 50%;
  border: 4px solid white;
  background: rgba(255, 255, 255, 0.25);
  cursor: pointer;
  margin: 0 auto;
`;

const FailureActions = styled.div`
  display: flex;
  gap: 10px;
  justify-content: center;
`;

/** Balances the close button so the shutter stays centred. */
const Spacer = styled.span`
  width: 40px;
`;

const Failure = styled.div`
  margin: auto;
  max-width: 360px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

type Phase = { name: 'starting' } | { name: 'live' } | { name: 'failed' } | { name: 'preview'; photo: string };

/** Full-screen camera: rear camera preferred at 1920x1080, a frame guide, then Retake or Use Photo (JPEG 0.8). */
export function CameraCapture({ onUse, onClose }: { onUse: (dataUrl: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  useFocusReturn(true);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    setPhase({ name: 'starting' });
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: CAMERA_IDEAL.width }, height: { ideal: CAMERA_IDEAL.height } },
        audio: false,
      });
      setPhase({ name: 'live' });
    } catch {
      setPhase({ name: 'failed' });
    }
  }, []);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  useEffect(() => {
    if (phase.name === 'live' && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [phase]);

  const capture = () => {
    const el = video.current;
    if (!el || !el.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')!.drawImage(el, 0, 0);
    setPhase({ name: 'preview', photo: canvas.toDataURL('image/jpeg', CAMERA_JPEG_QUALITY) });
    stop();
  };

  const close = () => {
    stop();
    onClose();
  };

  return createPortal(
    <Overlay role="dialog" aria-label="Camera">
      {phase.name === 'failed' ? (
        <Failure>
          <EmptyState
            title="Camera Access Required"
            message="Unable to access camera. Please check permissions."
            action={
              <FailureActions>
                <Button onClick={() => void start()}>Try Again</Button>
                <Button $variant="secondary" onClick={close}>
                  Cancel
                </Button>
              </FailureActions>
            }
          />
        </Failure>
      ) : (
        <>
          <Stage>
            {phase.name === 'preview' ? (
              <img src={phase.photo} alt="Captured document" />
            ) : (
              <>
                <video ref={video} playsInline muted aria-label="Camera preview" />
                <FrameGuide>
                  <p>Fit the document inside the frame</p>
                </FrameGuide>
              </>
            )}
          </Stage>
          <Controls>
            {phase.name === 'preview' ? (
              <>
                <Button $variant="secondary" onClick={() => void start()}>
                  Retake
                </Button>
                <Button onClick={() => onUse(phase.photo)}>Use Photo</Button>
              </>
            ) : (
              <>
                <IconButton onClick={close} aria-label="Close camera">
                  <Icon path={RECORD_ICONS.close} />
                </IconButton>
                <Shutter onClick={capture} disabled={phase.name !== 'live'} aria-label="Take photo" />
                <Spacer />
              </>
            )}
          </Controls>
        </>
      )}
    </Overlay>,
    document.body,
  );
}

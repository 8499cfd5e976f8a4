import type * as yup from 'yup';
import type { ClientToServerEvents } from '../../common/socket-events';
import type { SocketHandler } from './define';
import { joinHandler } from './join';
import { leaveHandler } from './leave';
import { setStatusHandler } from './set-status';
import { waitingPatientsHandler } from './waiting-patients';
import { chatSendHandler } from './chat-send';
import { chatHistoryHandler } from './chat-history';
import { mediaStateHandler } from './media-state';
import { iceServersHandler } from './ice-servers';
import { p2pSignalHandler } from './p2p-signal';
import { lobbyHandler } from './lobby';
import { guestAdmitHandler } from './guest-admit';
import { guestRemoveHandler } from './guest-remove';
import { sfuGetRouterRtpCapabilitiesHandler } from './sfu-get-router-rtp-capabilities';
import { sfuCreateTransportHandler } from './sfu-create-transport';
import { sfuConnectTransportHandler } from './sfu-connect-transport';
import { sfuProduceHandler } from './sfu-produce';
import { sfuGetProducersHandler } from './sfu-get-producers';
import { sfuConsumeHandler } from './sfu-consume';
import { sfuResumeConsumerHandler } from './sfu-resume-consumer';
import { sfuPauseProducerHandler } from './sfu-pause-producer';
import { sfuResumeProducerHandler } from './sfu-resume-producer';
import { sfuCloseProducerHandler } from './sfu-close-producer';
import { sfuRestartIceHandler } from './sfu-restart-ice';

/** Every client request, one handler each; the list must cover CLIENT_EVENTS (checked in tests). */
export const HANDLERS = [
  joinHandler,
  leaveHandler,
  setStatusHandler,
  waitingPatientsHandler,
  chatSendHandler,
  chatHistoryHandler,
  mediaStateHandler,
  iceServersHandler,
  p2pSignalHandler,
  lobbyHandler,
  guestAdmitHandler,
  guestRemoveHandler,
  sfuGetRouterRtpCapabilitiesHandler,
  sfuCreateTransportHandler,
  sfuConnectTransportHandler,
  sfuProduceHandler,
  sfuGetProducersHandler,
  sfuConsumeHandler,
  sfuResumeConsumerHandler,
  sfuPauseProducerHandler,
  sfuResumeProducerHandler,
  sfuCloseProducerHandler,
  sfuRestartIceHandler,
] as unknown as SocketHandler<keyof ClientToServerEvents, yup.AnyObjectSchema>[];

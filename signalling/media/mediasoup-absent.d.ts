/**
 * Stand-in for the optional `mediasoup` package's types when a plain `npm install` left it out
 * (its worker cannot be fetched here): tsconfig maps 'mediasoup' here only when
 * node_modules/mediasoup is missing. It covers exactly what signalling/media/mediasoup uses, loosely
 * typed; with the package installed the real declarations are checked instead.
 */
export declare namespace types {
  type AppData = Record<string, unknown>;
  type WorkerSettings = Record<string, unknown>;
  type Worker = any;
  type Router = any;
  type RouterOptions = Record<string, unknown>;
  type RouterRtpCodecCapability = Record<string, unknown>;
  type TransportListenInfo = Record<string, unknown>;
  type WebRtcTransportOptions = Record<string, unknown>;
  type WebRtcTransport<T = AppData> = any;
  type Producer<T = AppData> = any;
  type Consumer = any;
  type DtlsParameters = any;
  type RtpParameters = any;
  type RtpCapabilities = any;
}

export declare const version: string;
export declare function createWorker(settings?: types.WorkerSettings): Promise<types.Worker>;

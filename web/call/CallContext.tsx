import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CallClient, type CallSnapshot, type MediaConsultationType } from './CallClient';

const CallContext = createContext<CallClient | null>(null);

interface CallProviderProps {
  consultationId: string;
  /** The media to check before joining (see CallClient.start); none joins at once. Read when the call opens. */
  deviceCheck?: MediaConsultationType;
  /** A guest's own id (their session's), when a guest joins. */
  guestId?: string;
  children: React.ReactNode;
}

/** Opens the call for one consultation while mounted; the client is torn down on unmount. */
export function CallProvider({ consultationId, deviceCheck, guestId, children }: CallProviderProps) {
  const [client, setClient] = useState<CallClient | null>(null);
  // The consultation read again later (its status moves on during the call) must not open the call again.
  const check = useRef(deviceCheck);
  useEffect(() => {
    const call = new CallClient(consultationId, guestId);
    setClient(call);
    call.start(check.current);
    return () => call.destroy();
  }, [consultationId, guestId]);
  return client ? <CallContext.Provider value={client}>{children}</CallContext.Provider> : null;
}

export function useCallClient(): CallClient {
  const client = useContext(CallContext);
  if (!client) throw new Error('useCallClient must be used inside <CallProvider>');
  return client;
}

export function useCallSnapshot(): CallSnapshot {
  const client = useCallClient();
  return useSyncExternalStore(client.subscribe, client.getSnapshot);
}

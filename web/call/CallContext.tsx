import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { CallClient, type CallSnapshot } from './CallClient';

const CallContext = createContext<CallClient | null>(null);

/** Opens the call for one consultation while mounted; the client is torn down on unmount. */
export function CallProvider({ consultationId, children }: { consultationId: string; children: React.ReactNode }) {
  const [client, setClient] = useState<CallClient | null>(null);
  useEffect(() => {
    const call = new CallClient(consultationId);
    setClient(call);
    call.start();
    return () => call.destroy();
  }, [consultationId]);
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

import { useEffect, useState } from 'react';
import { liveClient } from '../api/liveConnection';

/** Whether the live socket is up: the wall says it is reconnecting while it is not. */
export function useLiveStatus(): boolean {
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    const offs = [
      liveClient.on('connected', () => setConnected(true)),
      liveClient.on('closed', () => setConnected(false)),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return connected;
}

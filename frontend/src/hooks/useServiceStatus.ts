import { useCallback, useEffect, useRef, useState } from 'react'
import type { ApiClient } from '../api/client'
import { type ConnectionState, LiveEvents } from '../api/socket'
import type { ServiceEvent, StatusResponse } from '../api/types'

export interface ServiceStatus {
  status: StatusResponse | null
  connection: ConnectionState
  /** Grows with every event; lets panels (logs) refresh when something happened. */
  eventCount: number
  refresh(): Promise<void>
}

/**
 * The session status, kept live: the /ws hello carries a full snapshot; progress events update
 * the bar in place; any other event (and every reconnect) fetches /api/status again.
 */
export function useServiceStatus(
  api: ApiClient,
  socketUrl: string,
  onError: (error: unknown, context: string) => void,
  enabled = true,
): ServiceStatus {
  const [status, setStatus] = useState<StatusResponse | null>(null)
  const [connection, setConnection] = useState<ConnectionState>('connecting')
  const [eventCount, setEventCount] = useState(0)
  const inFlight = useRef<Promise<void> | null>(null)
  const again = useRef(false)
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError

  const refresh = useCallback(async (): Promise<void> => {
    // Coalesce bursts of events into at most one request in flight plus one after it.
    if (inFlight.current) {
      again.current = true
      return inFlight.current
    }
    const run = async () => {
      do {
        again.current = false
        try {
          setStatus(await api.status())
        } catch (error) {
          onErrorRef.current(error, 'Reading the status')
          return
        }
      } while (again.current)
    }
    inFlight.current = run().finally(() => {
      inFlight.current = null
    })
    return inFlight.current
  }, [api])

  useEffect(() => {
    if (!enabled) return
    const handleEvent = (event: ServiceEvent) => {
      // Batch events concern the batch page, not this session's status.
      if (event.type === 'pong' || event.type === 'batch') return
      setEventCount((count) => count + 1)
      const snapshot = event.metadata?.snapshot
      if (snapshot) {
        setStatus(snapshot)
      } else if (event.type === 'progress' && typeof event.metadata?.percent === 'number') {
        const percent = event.metadata.percent
        setStatus(
          (current) =>
            current && {
              ...current,
              progress: { ...current.progress, stage: event.stage ?? null, percent, message: event.message ?? '' },
            },
        )
      } else {
        void refresh()
      }
    }
    const live = new LiveEvents(socketUrl, {
      onEvent: handleEvent,
      onConnection: (state) => {
        setConnection(state)
        if (state === 'live') void refresh()
      },
    })
    live.start()
    return () => live.stop()
  }, [socketUrl, refresh, enabled])

  return { status, connection, eventCount, refresh }
}

import { withToken } from './token'
import type { ServiceEvent } from './types'

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'unauthorized'

export interface LiveEventsHandlers {
  onEvent(event: ServiceEvent): void
  onConnection(state: ConnectionState): void
}

const FIRST_RETRY_MS = 500
const LONGEST_RETRY_MS = 5000
const UNAUTHORIZED_CLOSE_CODE = 4401

export function defaultSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}/ws`
}

/** The /ws event stream: reconnects with backoff after a drop until stopped. */
export class LiveEvents {
  private socket: WebSocket | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private retryDelay = FIRST_RETRY_MS
  private stopped = false
  private readonly url: string
  private readonly handlers: LiveEventsHandlers
  private readonly makeSocket: (url: string) => WebSocket

  constructor(
    url: string,
    handlers: LiveEventsHandlers,
    makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
  ) {
    this.url = url
    this.handlers = handlers
    this.makeSocket = makeSocket
  }

  start(): void {
    this.stopped = false
    this.connect()
  }

  stop(): void {
    this.stopped = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    const socket = this.socket
    this.socket = null
    socket?.close()
  }

  private connect(): void {
    const socket = this.makeSocket(withToken(this.url))
    this.socket = socket
    socket.onopen = () => {
      this.retryDelay = FIRST_RETRY_MS
      this.handlers.onConnection('live')
    }
    socket.onmessage = (message: MessageEvent) => {
      try {
        this.handlers.onEvent(JSON.parse(String(message.data)) as ServiceEvent)
      } catch (error) {
        console.error('Unreadable event from /ws', message.data, error)
      }
    }
    socket.onclose = (close: CloseEvent) => {
      if (this.stopped || this.socket !== socket) return
      this.socket = null
      if (close.code === UNAUTHORIZED_CLOSE_CODE) {
        this.handlers.onConnection('unauthorized')
        return
      }
      this.handlers.onConnection('reconnecting')
      this.retryTimer = setTimeout(() => this.connect(), this.retryDelay)
      this.retryDelay = Math.min(this.retryDelay * 2, LONGEST_RETRY_MS)
    }
  }
}

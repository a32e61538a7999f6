import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeWebSocket } from '../test/fakeNetwork'
import { type ConnectionState, LiveEvents } from './socket'
import { saveToken } from './token'

afterEach(() => {
  vi.useRealTimers()
  FakeWebSocket.instances = []
})

function start() {
  const states: ConnectionState[] = []
  const events: unknown[] = []
  const live = new LiveEvents(
    'ws://host/ws',
    { onEvent: (e) => events.push(e), onConnection: (s) => states.push(s) },
    (url) => new FakeWebSocket(url) as unknown as WebSocket,
  )
  live.start()
  return { live, states, events }
}

describe('live events', () => {
  it('passes events on and reconnects with growing delays after a drop', () => {
    vi.useFakeTimers()
    const { live, states, events } = start()
    FakeWebSocket.latest().open()
    FakeWebSocket.latest().receive({ type: 'progress', message: 'Writing', metadata: { percent: 40 } })
    expect(events).toEqual([{ type: 'progress', message: 'Writing', metadata: { percent: 40 } }])

    FakeWebSocket.latest().drop()
    expect(states).toEqual(['live', 'reconnecting'])
    vi.advanceTimersByTime(499)
    expect(FakeWebSocket.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    FakeWebSocket.latest().drop()
    vi.advanceTimersByTime(999)
    expect(FakeWebSocket.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(3)
    FakeWebSocket.latest().open()
    expect(states.at(-1)).toBe('live')
    live.stop()
    expect(FakeWebSocket.latest().closed).toBe(true)
  })

  it('stops retrying when the token is refused, and carries the token in the URL', () => {
    vi.useFakeTimers()
    saveToken('abc')
    const { states } = start()
    expect(FakeWebSocket.latest().url).toBe('ws://host/ws?token=abc')
    FakeWebSocket.latest().drop(4401)
    vi.advanceTimersByTime(10_000)
    expect(states).toEqual(['unauthorized'])
    expect(FakeWebSocket.instances).toHaveLength(1)
  })
})

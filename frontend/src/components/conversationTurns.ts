import type { ChatTurn, StatusResponse } from '../api/types'

export interface DisplayTurn {
  key: string
  role: 'user' | 'assistant'
  text: string
}

const GREETING =
  'Hello! Choose a recording folder and press Start. Tell me about the session in the form, or in your own words here when I ask, e.g. "Mouse m042, female, 90 days old, recorded on 5 March 2024 at 14:30 New York time".'

/**
 * The conversation to show: the server's turns, replies the server has not recorded as turns
 * yet, and the question it waits on (unless it is already the last thing said).
 */
export function displayTurns(status: StatusResponse | null, localReplies: ChatTurn[]): DisplayTurn[] {
  const serverTurns = status?.conversation ?? []
  const said = new Set(serverTurns.map((turn) => turn.text))
  const merged = [...serverTurns, ...localReplies.filter((turn) => !said.has(turn.text))].sort((a, b) =>
    a.timestamp.localeCompare(b.timestamp),
  )
  const turns: DisplayTurn[] = merged.map((turn, index) => ({
    key: `${index}-${turn.timestamp}`,
    role: turn.role === 'user' ? 'user' : 'assistant',
    text: turn.text,
  }))
  const pending = status?.pending_request
  const lastAssistant = [...turns].reverse().find((turn) => turn.role === 'assistant')
  if (pending && lastAssistant?.text !== pending.message) {
    turns.push({ key: `pending-${status?.updated_at}`, role: 'assistant', text: pending.message })
  }
  // A finished session ends with what the service said last (accepted, declined, failed...).
  const finished = status && (status.status === 'completed' || status.status === 'failed')
  if (finished && !pending && turns[turns.length - 1]?.text !== status.message) {
    turns.push({ key: `final-${status.updated_at}`, role: 'assistant', text: status.message })
  }
  if (turns.length === 0) turns.push({ key: 'greeting', role: 'assistant', text: GREETING })
  return turns
}

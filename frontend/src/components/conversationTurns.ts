import type { StatusResponse } from '../api/types'

export interface DisplayTurn {
  key: string
  role: 'user' | 'assistant'
  text: string
}

const GREETING =
  'Hello! Choose a recording folder and press Start conversion. Describe the session in the form, or skip it and tell me in your own words here when I ask, e.g. "Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST".'

/**
 * The conversation to show: the service's record of it (the user's answers and its replies), and
 * the question it waits on unless that is already the last thing said. The service keeps only
 * its last word once a session ends, so that is what a finished session shows.
 */
export function displayTurns(status: StatusResponse | null): DisplayTurn[] {
  const turns: DisplayTurn[] = (status?.conversation ?? []).map((turn, index) => ({
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

// What the service waits for, read from `pending_request` (docs/architecture.md): one place
// that turns type + purpose into the kind of answer the page has to offer.
import type { FieldRequest, PendingRequest } from './types'

export type RequestKind =
  | 'metadata' // values before the first conversion
  | 'format_choice' // several readers fit: pick one
  | 'format_arguments' // the chosen reader needs values only the user knows
  | 'correction_values' // values for an approved correction
  | 'retry_approval' // FAILED: approve a correction or decline
  | 'improvement_approval' // valid with warnings: improve or accept as is
  | 'no_progress' // a correction round changed nothing: accept, change approach or stop
  | 'confirm_value' // words that may mean more than one value: "Did you mean ...?", one click
  | 'confirm_summary' // what goes into the file, read from the person's words: confirm or edit in place
  | 'values' // any other request for values (a future purpose)
  | 'choice' // any other request for a choice

/** The values asked for. The schema marks the list optional (it has a default): none means none asked. */
export function askedFields(request: PendingRequest): FieldRequest[] {
  return request.fields ?? []
}

export function requestKind(request: PendingRequest): RequestKind {
  if (request.purpose === 'confirm_value') return 'confirm_value'
  if (request.purpose === 'confirm_summary') return 'confirm_summary'
  switch (request.type) {
    case 'metadata':
      return 'metadata'
    case 'format_selection':
      return 'format_choice'
    case 'retry_approval':
      return 'retry_approval'
    case 'improvement_approval':
      return 'improvement_approval'
  }
  if (request.purpose === 'no_progress') return 'no_progress'
  if (request.purpose === 'format_arguments') return 'format_arguments'
  if (request.purpose === 'correction_values') return 'correction_values'
  return askedFields(request).length > 0 ? 'values' : 'choice'
}

/** True when the answer is a set of values (the input dialog), not a choice between options. */
export function asksForValues(request: PendingRequest): boolean {
  const kind = requestKind(request)
  return (
    askedFields(request).length > 0 &&
    request.type !== 'format_selection' &&
    kind !== 'no_progress' &&
    kind !== 'confirm_summary'
  )
}

// NWB cannot be written without a start time: the service asks for it again however often it is skipped.
const CANNOT_BE_SKIPPED = new Set(['session_start_time'])

/** Whether declining the asked values is a way forward ("just convert", "skip the empty ones"). */
export function canSkip(request: PendingRequest): boolean {
  if (requestKind(request) === 'format_arguments') return false // the reader cannot open the files without them
  return askedFields(request).some((field) => !CANNOT_BE_SKIPPED.has(field.name))
}

/**
 * The request's message without its bullet list: the dialog shows each field with its own
 * description, why and example, so the list would only repeat them.
 */
export function requestIntro(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s*[-•*]\s/.test(line))
    .join('\n')
    .trim()
}

/** A stable identity for "this question": a new question gets a fresh dialog. */
export function requestKey(request: PendingRequest | null | undefined): string | null {
  if (!request) return null
  return [
    request.type,
    request.purpose ?? '',
    request.message,
    askedFields(request)
      .map((field) => field.name)
      .join(','),
  ].join('|')
}

/** Said in the chat to go ahead without the questions (the Conversation agent's minimal mode). */
export const JUST_CONVERT_MESSAGE = 'just convert it, skip the questions'

import { useCallback, useState } from 'react'
import type { ApiClient } from '../api/client'
import { type ApiError, toApiError } from '../api/errors'
import { requestKind } from '../api/pendingRequest'
import type { PendingRequest, RequestOption, UserInputResponse } from '../api/types'

/** A call whose failure the caller shows itself (e.g. inside the dialog that made it). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError }

export interface WorkflowActions {
  /** True while a call is on its way: buttons wait for it. */
  sending: boolean
  choose(option: RequestOption, request: PendingRequest): Promise<void>
  sendMessage(text: string): Promise<UserInputResponse | null>
  /** Values from the input dialog; failures come back to the dialog instead of the page's alerts. */
  sendFields(fields: Record<string, unknown>, skip: string[]): Promise<Outcome<UserInputResponse>>
  /** Start over after the service failed on its own (not after the user's decision). */
  tryAgain(): Promise<void>
  cancel(): Promise<void>
  /** Leave a stream of the session out of the conversion, or put it back. */
  chooseStream(name: string, included: boolean): Promise<void>
}

/** How each approval option maps to POST /api/retry-approval {approved, accept_as_is}. */
export function approvalBody(value: string): { approved: boolean; acceptAsIs: boolean } {
  switch (value) {
    case 'accept':
    case 'accept_as_is':
      return { approved: false, acceptAsIs: true }
    case 'decline':
    case 'stop':
      return { approved: false, acceptAsIs: false }
    default: // approve, improve
      return { approved: true, acceptAsIs: false }
  }
}

export function useWorkflowActions(
  api: ApiClient,
  onError: (error: unknown, context: string) => void,
  afterChange: () => void,
): WorkflowActions {
  const [sending, setSending] = useState(false)

  const attempt = useCallback(
    async <T>(call: () => Promise<T>): Promise<Outcome<T>> => {
      setSending(true)
      try {
        return { ok: true, value: await call() }
      } catch (error) {
        return { ok: false, error: toApiError(error) }
      } finally {
        setSending(false)
        afterChange()
      }
    },
    [afterChange],
  )

  const run = useCallback(
    async <T>(context: string, call: () => Promise<T>): Promise<T | null> => {
      const outcome = await attempt(call)
      if (outcome.ok) return outcome.value
      onError(outcome.error, context)
      return null
    },
    [attempt, onError],
  )

  const choose = useCallback(
    async (option: RequestOption, request: PendingRequest) => {
      const kind = requestKind(request)
      if (kind === 'retry_approval' || kind === 'improvement_approval') {
        const { approved, acceptAsIs } = approvalBody(option.value)
        await run(`Answering "${option.label}"`, () => api.retryApproval(approved, acceptAsIs))
      } else if (kind === 'format_choice') {
        await run(`Choosing ${option.label}`, () => api.userInput({ fields: { format: option.value } }))
      } else {
        // Other choices (the ways out of a stuck correction) are answered with the option's value.
        await run(`Answering "${option.label}"`, () => api.userInput({ message: option.value }))
      }
    },
    [api, run],
  )

  const sendMessage = useCallback(
    (text: string) => run('Sending your message', () => api.userInput({ message: text })),
    [api, run],
  )
  const sendFields = useCallback(
    (fields: Record<string, unknown>, skip: string[]) =>
      attempt(() =>
        api.userInput({ ...(Object.keys(fields).length ? { fields } : {}), ...(skip.length ? { skip } : {}) }),
      ),
    [api, attempt],
  )
  const tryAgain = useCallback(async () => {
    await run('Trying again', () => api.retryApproval(true, false))
  }, [api, run])
  const cancel = useCallback(async () => {
    await run('Stopping the conversion', () => api.cancel())
  }, [api, run])

  const chooseStream = useCallback(
    async (name: string, included: boolean) => {
      await run(included ? `Putting ${name} back` : `Leaving ${name} out`, () => api.chooseStream(name, included))
    },
    [api, run],
  )

  return { sending, choose, sendMessage, sendFields, tryAgain, cancel, chooseStream }
}

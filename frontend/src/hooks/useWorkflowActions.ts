import { useCallback, useState } from 'react'
import type { ApiClient } from '../api/client'
import type { PendingRequestType, RequestOption, UserInputResponse } from '../api/types'

export interface WorkflowActions {
  /** True while a call is on its way: buttons wait for it. */
  sending: boolean
  choose(option: RequestOption, requestType: PendingRequestType): Promise<void>
  sendMessage(text: string): Promise<UserInputResponse | null>
  sendFields(fields: Record<string, unknown>, skip: string[]): Promise<UserInputResponse | null>
  cancel(): Promise<void>
}

const APPROVAL_TYPES: PendingRequestType[] = ['retry_approval', 'improvement_approval']

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

  const run = useCallback(
    async <T,>(context: string, call: () => Promise<T>): Promise<T | null> => {
      setSending(true)
      try {
        return await call()
      } catch (error) {
        onError(error, context)
        return null
      } finally {
        setSending(false)
        afterChange()
      }
    },
    [onError, afterChange],
  )

  const choose = useCallback(
    async (option: RequestOption, requestType: PendingRequestType) => {
      if (APPROVAL_TYPES.includes(requestType)) {
        const { approved, acceptAsIs } = approvalBody(option.value)
        await run(`Answering "${option.label}"`, () => api.retryApproval(approved, acceptAsIs))
      } else if (requestType === 'format_selection') {
        await run(`Choosing ${option.label}`, () => api.userInput({ fields: { format: option.value } }))
      } else {
        // Other choices are answers in words; the Conversation agent reads them.
        await run(`Answering "${option.label}"`, () => api.userInput({ message: option.value }))
      }
    },
    [api, run],
  )

  const sendMessage = useCallback((text: string) => run('Sending your message', () => api.userInput({ message: text })), [api, run])
  const sendFields = useCallback(
    (fields: Record<string, unknown>, skip: string[]) =>
      run('Sending your answers', () =>
        api.userInput({ ...(Object.keys(fields).length ? { fields } : {}), ...(skip.length ? { skip } : {}) }),
      ),
    [api, run],
  )
  const cancel = useCallback(async () => {
    await run('Stopping the conversion', () => api.cancel())
  }, [api, run])

  return { sending, choose, sendMessage, sendFields, cancel }
}

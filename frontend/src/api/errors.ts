import { isAxiosError } from 'axios'
import type { ErrorBody } from './types'

export type ApiErrorKind = 'busy' | 'network' | 'unauthorized' | 'server' | 'request'

/** What the UI needs to know about a failed call; built from the server's {error_code, message, error_id, details}. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | null
  readonly errorCode: string | null
  readonly errorId: string | null
  readonly details: Record<string, unknown>

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: {
      status?: number | null
      errorCode?: string | null
      errorId?: string | null
      details?: Record<string, unknown>
    } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.status = options.status ?? null
    this.errorCode = options.errorCode ?? null
    this.errorId = options.errorId ?? null
    this.details = options.details ?? {}
  }
}

export const BUSY_MESSAGE = 'The system is busy with another conversion.'
export const NETWORK_MESSAGE = 'Cannot reach the conversion service. Check that it is still running, then try again.'

// A failed response may come from something in between (a proxy, a dev server), so no field is taken for granted.
type ReceivedErrorBody = Partial<ErrorBody>

function isErrorBody(value: unknown): value is ReceivedErrorBody {
  return typeof value === 'object' && value !== null && ('error_code' in value || 'message' in value)
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (!isAxiosError(error)) {
    return new ApiError('request', error instanceof Error ? error.message : String(error))
  }
  const response = error.response
  if (!response) return new ApiError('network', NETWORK_MESSAGE)
  const body: ReceivedErrorBody = isErrorBody(response.data) ? response.data : {}
  const common = {
    status: response.status,
    errorCode: body.error_code ?? null,
    errorId: body.error_id ?? null,
    details: body.details ?? {},
  }
  const serverMessage = body.message ?? `The service answered ${response.status} ${response.statusText}`.trim()
  if (response.status === 401) return new ApiError('unauthorized', serverMessage, common)
  // 409 also means "not waiting for that answer" (invalid_state); only a busy service gets the busy wording.
  if (response.status === 409 && (body.error_code ?? 'busy') === 'busy') {
    const message = serverMessage.startsWith(BUSY_MESSAGE) ? serverMessage : `${BUSY_MESSAGE} ${serverMessage}`
    return new ApiError('busy', message, common)
  }
  if (response.status >= 500) return new ApiError('server', serverMessage, common)
  return new ApiError('request', serverMessage, common)
}

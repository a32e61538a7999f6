import { describe, expect, it } from 'vitest'
import { fakeBackend } from '../test/fakeNetwork'
import { createApiClient } from './client'
import { ApiError } from './errors'
import { saveToken, withToken } from './token'

function file(name: string, text = 'data') {
  return new File([text], name)
}

describe('api client', () => {
  it('uploads each file under its relative path, with the metadata as one JSON field', async () => {
    const net = fakeBackend({
      'POST /api/upload': {
        status: 202,
        body: { session_id: 's1', status: 'processing', files: 2, bytes: 8, message: '' },
      },
    })
    const api = createApiClient({ adapter: net.adapter })
    await api.upload(
      [
        { file: file('a.ap.bin'), relativePath: 'run_g0/run_g0_imec0/a.ap.bin' },
        { file: file('a.ap.meta'), relativePath: 'run_g0/run_g0_imec0/a.ap.meta' },
      ],
      { subject_id: 'm042', keywords: ['v1', 'npx'], lab: '  ', experimenter: [] },
    )
    const form = net.calls[0].data as FormData
    const parts = form.getAll('files') as File[]
    expect(parts.map((part) => part.name)).toEqual(['run_g0/run_g0_imec0/a.ap.bin', 'run_g0/run_g0_imec0/a.ap.meta'])
    // Empty values are left out rather than sent as blanks.
    expect(JSON.parse(form.get('metadata_json') as string)).toEqual({ subject_id: 'm042', keywords: ['v1', 'npx'] })
  })

  it('turns a 409 busy into the busy message without repeating it', async () => {
    const net = fakeBackend({
      'POST /api/upload': {
        status: 409,
        body: {
          error_code: 'busy',
          message: 'The system is busy with another conversion. Wait for it to finish.',
          error_id: 'E-1',
          details: {},
        },
      },
    })
    const error = await createApiClient({ adapter: net.adapter })
      .upload([], {})
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      kind: 'busy',
      errorId: 'E-1',
      message: 'The system is busy with another conversion. Wait for it to finish.',
    })
  })

  it('keeps a 409 that is not about being busy as a plain request error', async () => {
    const net = fakeBackend({
      'POST /api/retry-approval': {
        status: 409,
        body: {
          error_code: 'invalid_state',
          message: 'There is no correction proposal waiting for an answer.',
          error_id: 'E-2',
          details: {},
        },
      },
    })
    const error = await createApiClient({ adapter: net.adapter })
      .retryApproval(true, false)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      kind: 'request',
      errorCode: 'invalid_state',
      message: 'There is no correction proposal waiting for an answer.',
    })
  })

  it('reports server errors with their message and error id, and lost connections as network errors', async () => {
    const net = fakeBackend({
      'GET /api/status': {
        status: 500,
        body: {
          error_code: 'internal_error',
          message: 'Something went wrong (KeyError).',
          error_id: 'E-3',
          details: {},
        },
      },
      'GET /api/info': 'network-error',
    })
    const api = createApiClient({ adapter: net.adapter })
    await expect(api.status()).rejects.toMatchObject({
      kind: 'server',
      errorId: 'E-3',
      message: 'Something went wrong (KeyError).',
    })
    await expect(api.info()).rejects.toMatchObject({ kind: 'network' })
  })

  it('sends approvals as {approved, accept_as_is} and answers as the contract says', async () => {
    const net = fakeBackend({
      'POST /api/retry-approval': { status: 200, body: { status: 'completed', message: 'Accepted as is.' } },
      'POST /api/user-input': {
        status: 200,
        body: { reply: 'Thank you.', accepted: {}, rejected: {}, next_action: 'metadata' },
      },
      'GET /api/logs': { status: 200, body: { session_id: null, count: 0, entries: [] } },
    })
    const api = createApiClient({ adapter: net.adapter })
    await api.retryApproval(false, true)
    await api.userInput({ fields: { format: 'SpikeGLXConverterPipe' } })
    await api.logs('WARNING', 100)
    expect(JSON.parse(net.calls[0].data as string)).toEqual({ approved: false, accept_as_is: true })
    expect(JSON.parse(net.calls[1].data as string)).toEqual({ fields: { format: 'SpikeGLXConverterPipe' } })
    expect(net.calls[2].params).toEqual({ limit: 100, level: 'WARNING' })
  })

  it('sends the saved token as a bearer header and as ?token= on links', async () => {
    const net = fakeBackend({
      'GET /api/status': {
        status: 401,
        body: { error_code: 'unauthorized', message: 'This service requires an API token.', error_id: 'E-4' },
      },
    })
    saveToken('s3cret')
    const error = await createApiClient({ adapter: net.adapter })
      .status()
      .catch((e: unknown) => e)
    expect(net.calls[0].headers.get('Authorization')).toBe('Bearer s3cret')
    expect(error).toMatchObject({ kind: 'unauthorized' })
    expect(withToken('/api/download/nwb/v2')).toBe('/api/download/nwb/v2?token=s3cret')
  })
})

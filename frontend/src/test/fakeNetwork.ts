// The network boundary for unit tests: an axios adapter answering like the backend, and a
// WebSocket stand-in the test drives by hand. Everything above them is the real code.
import { type AxiosAdapter, AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import type { ServiceInfo, StatusResponse } from '../api/types'

export interface Call {
  method: string
  url: string
  data: unknown
  headers: AxiosHeaders
  params: unknown
}

type Reply = { status: number; body?: unknown } | 'network-error'
type Route = (call: Call) => Reply | undefined

export function fakeBackend(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  const calls: Call[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      data: config.data,
      headers: AxiosHeaders.from(config.headers),
      params: config.params,
    }
    calls.push(call)
    const route = routes[`${call.method} ${call.url}`] as Reply | Route | undefined
    const reply = typeof route === 'function' ? route(call) : route
    if (reply === undefined) throw new Error(`No fake for ${call.method} ${call.url}`)
    if (reply === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config)
    const response: AxiosResponse = { data: reply.body, status: reply.status, statusText: '', headers: {}, config }
    if (reply.status >= 400)
      throw new AxiosError(`Request failed with status ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response)
    return response
  }
  return { adapter, calls }
}

export class FakeWebSocket {
  static instances: FakeWebSocket[] = []
  url: string
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  closed = false

  constructor(url: string) {
    this.url = url
    FakeWebSocket.instances.push(this)
  }

  open() {
    this.onopen?.()
  }

  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) })
  }

  drop(code = 1006) {
    this.onclose?.({ code })
  }

  close() {
    this.closed = true
  }

  static latest(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1]
  }
}

export function makeStatus(overrides: Partial<StatusResponse> = {}): StatusResponse {
  return {
    session_id: null,
    status: 'idle',
    validation_status: null,
    overall_status: null,
    message: 'Ready. Upload a recording folder to begin.',
    stages: [
      { name: 'conversion', status: 'pending' },
      { name: 'evaluation', status: 'pending' },
      { name: 'report_generation', status: 'pending' },
    ],
    progress: null,
    correction_attempt: 0,
    detected_format: null,
    versions: [],
    validation_details: null,
    issues: [],
    completeness_score: null,
    report_available: false,
    report_name: null,
    llm_provider: 'offline',
    pending_request: null,
    metadata: {},
    extracted_metadata: {},
    file_info: null,
    declined_fields: [],
    uploaded_files: 0,
    upload_bytes: 0,
    conversation: [],
    correction_history: [],
    failure: null,
    updated_at: '2024-03-05T19:30:00Z',
    ...overrides,
  }
}

export const SERVICE_INFO: ServiceInfo = {
  name: 'agentic-neurodata',
  version: '0.1.0',
  llm_provider: 'offline',
  neuroconv_version: '0.10.2',
  nwbinspector_version: '0.7.2',
  pynwb_version: '4.2',
  supported_formats: ['SpikeGLXRecordingInterface'],
  auth_required: false,
  max_upload_size_gb: 50,
}

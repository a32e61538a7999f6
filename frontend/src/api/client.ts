import axios, { type AxiosAdapter, type AxiosInstance } from 'axios'
import { toApiError } from './errors'
import { readToken } from './token'
import type {
  ActionResponse,
  BatchSharedRequest,
  BatchView,
  LogLevel,
  LogsResponse,
  MetadataCatalogue,
  MetadataCheckResponse,
  RetryApprovalRequest,
  ServiceInfo,
  SessionDeleted,
  SessionDetail,
  SessionList,
  SessionPlanResponse,
  StatusResponse,
  StreamChoiceRequest,
  UploadAccepted,
  UserInputRequest,
  UserInputResponse,
} from './types'

/** A file to upload and its path relative to the chosen folder (the multipart filename). */
export interface UploadItem {
  file: File
  relativePath: string
}

export type UploadMetadata = Record<string, string | string[]>

export interface ApiClient {
  info(): Promise<ServiceInfo>
  status(): Promise<StatusResponse>
  upload(
    items: UploadItem[],
    metadata: UploadMetadata,
    onProgress?: (fraction: number) => void,
  ): Promise<UploadAccepted>
  userInput(body: UserInputRequest): Promise<UserInputResponse>
  retryApproval(approved: boolean, acceptAsIs: boolean): Promise<ActionResponse>
  cancel(): Promise<ActionResponse>
  /** Leave a stream of the session out of the conversion, or put it back. */
  chooseStream(name: string, included: boolean): Promise<SessionPlanResponse>
  logs(level: LogLevel | null, limit?: number): Promise<LogsResponse>
  /** The metadata fields, examples and species table the forms are drawn from. */
  metadataFields(): Promise<MetadataCatalogue>
  /** The server's rules on what the person typed (nothing is stored). */
  checkMetadata(values: Record<string, string | string[]>): Promise<MetadataCheckResponse>
  sessions(): Promise<SessionList>
  session(sessionId: string): Promise<SessionDetail>
  deleteSession(sessionId: string): Promise<SessionDeleted>
  uploadBatch(items: UploadItem[], pattern: string, onProgress?: (fraction: number) => void): Promise<BatchView>
  batch(batchId: string): Promise<BatchView>
  setBatchShared(batchId: string, body: BatchSharedRequest): Promise<BatchView>
  setBatchTable(batchId: string, rows: Record<string, string>[]): Promise<BatchView>
  uploadBatchTable(batchId: string, file: File): Promise<BatchView>
  discoverBatch(batchId: string, pattern: string | null): Promise<BatchView>
  runBatch(batchId: string): Promise<BatchView>
  approveBatchCorrections(batchId: string): Promise<BatchView>
}

/** Where a session's files are downloaded: the current session's routes, or any session's. */
export function sessionFilesBase(sessionId: string | null): string {
  return sessionId ? `/api/sessions/${encodeURIComponent(sessionId)}/download` : '/api/download'
}

/** The debug bundle of a session (the current one when none is given), for a bug report. */
export function debugBundleUrl(sessionId?: string | null): string {
  return sessionId ? `/api/debug-bundle?session_id=${encodeURIComponent(sessionId)}` : '/api/debug-bundle'
}

export function buildUploadForm(items: UploadItem[], metadata: UploadMetadata): FormData {
  const form = new FormData()
  const given = Object.fromEntries(
    Object.entries(metadata).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value.trim() !== '')),
  )
  // One JSON field keeps lists (experimenter, keywords) as lists.
  if (Object.keys(given).length > 0) form.append('metadata_json', JSON.stringify(given))
  for (const item of items) form.append('files', item.file, item.relativePath)
  return form
}

/** `adapter` replaces the network (tests); everything above it is the real client. */
export function createApiClient(options: { baseURL?: string; adapter?: AxiosAdapter } = {}): ApiClient {
  const http: AxiosInstance = axios.create({ baseURL: options.baseURL ?? '', adapter: options.adapter })
  http.interceptors.request.use((config) => {
    const token = readToken()
    if (token) config.headers.set('Authorization', `Bearer ${token}`)
    return config
  })
  http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)))

  return {
    info: async () => (await http.get<ServiceInfo>('/api/info')).data,
    status: async () => (await http.get<StatusResponse>('/api/status')).data,
    upload: async (items, metadata, onProgress) =>
      (
        await http.post<UploadAccepted>('/api/upload', buildUploadForm(items, metadata), {
          onUploadProgress: (event) => {
            if (onProgress && event.total) onProgress(event.loaded / event.total)
          },
        })
      ).data,
    userInput: async (body) => (await http.post<UserInputResponse>('/api/user-input', body)).data,
    retryApproval: async (approved, acceptAsIs) => {
      const body: RetryApprovalRequest = { approved, accept_as_is: acceptAsIs }
      return (await http.post<ActionResponse>('/api/retry-approval', body)).data
    },
    cancel: async () => (await http.post<ActionResponse>('/api/cancel')).data,
    chooseStream: async (name, included) => {
      const body: StreamChoiceRequest = { name, included }
      return (await http.post<SessionPlanResponse>('/api/plan/streams', body)).data
    },
    logs: async (level, limit = 500) =>
      (await http.get<LogsResponse>('/api/logs', { params: { limit, ...(level ? { level } : {}) } })).data,
    metadataFields: async () => (await http.get<MetadataCatalogue>('/api/metadata/fields')).data,
    checkMetadata: async (values) => (await http.post<MetadataCheckResponse>('/api/metadata/check', { values })).data,
    sessions: async () => (await http.get<SessionList>('/api/sessions')).data,
    session: async (sessionId) =>
      (await http.get<SessionDetail>(`/api/sessions/${encodeURIComponent(sessionId)}`)).data,
    deleteSession: async (sessionId) =>
      (await http.delete<SessionDeleted>(`/api/sessions/${encodeURIComponent(sessionId)}`)).data,
    uploadBatch: async (items, pattern, onProgress) => {
      const form = new FormData()
      if (pattern.trim()) form.append('pattern', pattern.trim())
      for (const item of items) form.append('files', item.file, item.relativePath)
      const answer = await http.post<BatchView>('/api/batches-upload', form, {
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(event.loaded / event.total)
        },
      })
      return answer.data
    },
    batch: async (batchId) => (await http.get<BatchView>(`/api/batches/${batchId}`)).data,
    setBatchShared: async (batchId, body) => (await http.put<BatchView>(`/api/batches/${batchId}/shared`, body)).data,
    setBatchTable: async (batchId, rows) => (await http.put<BatchView>(`/api/batches/${batchId}/table`, { rows })).data,
    uploadBatchTable: async (batchId, file) => {
      const form = new FormData()
      form.append('file', file, file.name)
      return (await http.post<BatchView>(`/api/batches/${batchId}/table`, form)).data
    },
    discoverBatch: async (batchId, pattern) =>
      (await http.post<BatchView>(`/api/batches/${batchId}/discover`, { pattern })).data,
    runBatch: async (batchId) => (await http.post<BatchView>(`/api/batches/${batchId}/run`)).data,
    approveBatchCorrections: async (batchId) =>
      (await http.post<BatchView>(`/api/batches/${batchId}/approve-corrections`)).data,
  }
}

// Names for the API types the app uses. The types are generated from the backend's OpenAPI document
// into schema.gen.ts (bash scripts/generate-client.sh), so nothing here restates a field; add an alias
// here when the app starts using another model.
import type { components, paths } from './schema.gen'

type Schemas = components['schemas']

export type ActionResponse = Schemas['ActionResponse']
export type AppliedFix = Schemas['AppliedFix']
export type BatchSession = Schemas['BatchSession']
export type BatchSharedRequest = Schemas['BatchSharedRequest']
export type BatchState = Schemas['BatchState']
export type BatchStatus = Schemas['BatchStatus']
export type BatchView = Schemas['BatchView']
export type SessionStatus = Schemas['SessionStatus']
export type CorrectionAttempt = Schemas['CorrectionAttempt']
export type EndingItem = Schemas['EndingItem']
export type ErrorBody = Schemas['ErrorBody']
export type FieldCheck = Schemas['FieldCheck']
export type FieldRequest = Schemas['FieldRequest']
export type LogEntryView = Schemas['LogEntryView']
export type LogsResponse = Schemas['LogsResponse']
export type MetadataCatalogue = Schemas['MetadataCatalogue']
export type MetadataCheckResponse = Schemas['MetadataCheckResponse']
export type MetadataFieldView = Schemas['MetadataFieldView']
export type NWBVersion = Schemas['NWBVersion']
export type ObjectChange = Schemas['ObjectChange']
export type OverallStatus = Schemas['OverallStatus']
export type PendingRequest = Schemas['PendingRequest']
export type ProgressView = Schemas['ProgressView']
export type RequestOption = Schemas['RequestOption']
export type RetryApprovalRequest = Schemas['RetryApprovalRequest']
export type SessionPlanResponse = Schemas['SessionPlanResponse']
export type SessionStream = Schemas['SessionStream']
export type ServiceInfo = Schemas['ServiceInfo']
export type SessionDeleted = Schemas['SessionDeleted']
export type SessionDetail = Schemas['SessionDetail']
export type SessionEnding = Schemas['SessionEnding']
export type SessionList = Schemas['SessionList']
export type SessionSummary = Schemas['SessionSummary']
export type Severity = Schemas['Severity']
export type SeverityCounts = Schemas['SeverityCounts']
export type SpeciesView = Schemas['SpeciesView']
export type StageView = Schemas['StageView']
export type StatusResponse = Schemas['StatusResponse']
export type StreamChoiceRequest = Schemas['StreamChoiceRequest']
export type UploadAccepted = Schemas['UploadAccepted']
export type UserInputRequest = Schemas['UserInputRequest']
export type UserInputResponse = Schemas['UserInputResponse']
export type ValidationIssue = Schemas['ValidationIssue']
export type ValueProposalView = Schemas['ValueProposalView']

// Enumerations the backend declares inline on a field rather than as a model of their own.
export type WorkflowStatus = StatusResponse['status']
export type ValidationStatus = NonNullable<StatusResponse['validation_status']>
/** The `level` filter of GET /api/logs. */
export type LogLevel = NonNullable<NonNullable<paths['/api/logs']['get']['parameters']['query']>['level']>

/**
 * One message on the /ws WebSocket. OpenAPI cannot describe WebSocket messages, so this one is
 * written here, from the generated pieces; the API description (GET /docs) lists its fields.
 */
export interface ServiceEvent {
  type: 'progress' | 'stage_update' | 'notification' | 'awaiting_input' | 'error' | 'pong' | 'batch'
  message?: string
  stage?: StageView['name'] | null
  status?: WorkflowStatus
  timestamp?: string
  metadata?: Record<string, unknown> & {
    /** The full GET /api/status body, on the first message after connecting. */
    snapshot?: StatusResponse
    percent?: ProgressView['percent']
    bytes_done?: ProgressView['bytes_done']
    bytes_total?: ProgressView['bytes_total']
    /** Whose move it is: processing, or the pending request type the service waits on. */
    next_action?: string
    correction_attempt?: StatusResponse['correction_attempt']
    /** `batch` events: which batch and session changed, and the session's status. */
    batch_id?: string
    session?: string | null
    session_status?: SessionStatus | null
  }
}

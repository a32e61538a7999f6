// Mirrors backend/src/agentic_neurodata/models.py (StatusResponse and friends). Keep in step with it.

export type WorkflowStatus = 'idle' | 'processing' | 'awaiting_user_input' | 'completed' | 'failed'
export type ValidationStatus =
  | 'passed'
  | 'passed_accepted'
  | 'passed_improved'
  | 'failed_user_declined'
  | 'failed_user_abandoned'
export type OverallStatus = 'PASSED' | 'PASSED_WITH_ISSUES' | 'FAILED'
export type Severity = 'CRITICAL' | 'ERROR' | 'WARNING' | 'BEST_PRACTICE' | 'INFO'
export type StageName = 'conversion' | 'evaluation' | 'report_generation'
export type StageStatus = 'pending' | 'in_progress' | 'completed' | 'failed'
export type FixKind = 'auto' | 'ask' | 'none'
export type PendingRequestType =
  | 'format_selection'
  | 'metadata'
  | 'retry_approval'
  | 'improvement_approval'
  | 'user_input'
export type LogLevel = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR'

export interface ValidationIssue {
  check_name: string
  severity: Severity
  importance: string
  inspector_severity?: string | null
  message: string
  location?: string | null
  object_type?: string | null
  object_name?: string | null
  category?: string
  fix_kind?: FixKind
  explanation?: string | null
  why_it_matters?: string | null
  how_to_fix?: string | null
}

export type SeverityCounts = Record<Severity, number>

export interface StageView {
  name: StageName
  status: StageStatus
  started_at?: string | null
  ended_at?: string | null
  message?: string | null
}

export interface ProgressView {
  stage?: StageName | null
  percent: number
  message: string
  bytes_done?: number | null
  bytes_total?: number | null
}

export interface FormatCandidate {
  interface: string
  explanation?: string
  score?: number
  /** What to send back as the format choice (several streams of one reader differ only here). */
  choice_id?: string
  stream?: string | null
}

export interface DetectionResult {
  interface?: string | null
  confidence: number
  alternatives: FormatCandidate[]
  needs_choice?: boolean
  explanation?: string
}

export interface NWBVersion {
  version: number
  path: string
  sha256: string
  size_bytes: number
  created_at?: string
  /** NeuroConv YAML that re-runs this conversion with the `neuroconv` command (null when the reader cannot be described as one). */
  specification_path?: string | null
  /** The final metadata of this version, as YAML. */
  metadata_path?: string | null
}

export interface FieldRequest {
  name: string
  required: boolean
  description: string
  example?: string | null
  why?: string | null
  /** The only values the service accepts, when it has a list. */
  options?: string[]
  /** A value the service proposes (e.g. read from the files); the user may change it. */
  suggested?: string | null
}

export interface RequestOption {
  value: string
  label: string
  description?: string
}

/** What a `user_input` request is for (its type alone does not say). */
export type RequestPurpose = 'format_arguments' | 'correction_values' | 'no_progress'

export interface PendingRequest {
  type: PendingRequestType
  message: string
  fields: FieldRequest[]
  options: RequestOption[]
  purpose?: RequestPurpose | string | null
}

export interface AppliedFix {
  check_name: string
  field?: string | null
  old_value?: unknown
  new_value?: unknown
  reason: string
}

export interface CorrectionAttempt {
  attempt: number
  version?: number | null
  started_at: string
  issues_before: ValidationIssue[]
  fixes_applied: AppliedFix[]
  user_input: Record<string, unknown>
  issues_after?: ValidationIssue[] | null
  status_after?: OverallStatus | null
}

export interface FailureView {
  reason: string
  message: string
  error_code?: string | null
  error_id?: string | null
}

export interface ChatTurn {
  role: string
  text: string
  timestamp: string
}

export interface StatusResponse {
  session_id: string | null
  status: WorkflowStatus
  validation_status: ValidationStatus | null
  overall_status: OverallStatus | null
  message: string
  stages: StageView[]
  progress: ProgressView | null
  correction_attempt: number
  detected_format: DetectionResult | null
  versions: NWBVersion[]
  validation_details: SeverityCounts | null
  issues: ValidationIssue[]
  completeness_score?: number | null
  report_available: boolean
  report_name?: string | null
  report_sha256?: string | null
  llm_provider: string
  pending_request: PendingRequest | null
  metadata: Record<string, unknown>
  declined_fields: string[]
  uploaded_files: number
  upload_bytes: number
  conversation: ChatTurn[]
  correction_history: CorrectionAttempt[]
  failure: FailureView | null
  updated_at: string
}

export interface ServiceInfo {
  name: string
  version: string
  llm_provider: string
  neuroconv_version: string
  nwbinspector_version: string
  pynwb_version: string
  supported_formats: string[]
  auth_required: boolean
  max_upload_size_gb: number
}

export interface UploadAccepted {
  session_id: string
  status: string
  files: number
  bytes: number
  message: string
}

export interface UserInputBody {
  message?: string
  fields?: Record<string, unknown>
  skip?: string[]
}

export interface UserInputResponse {
  reply: string
  accepted: Record<string, unknown>
  rejected: Record<string, string>
  next_action: string
}

export interface ActionResponse {
  status: string
  message: string
  next_action?: string | null
}

export interface LogEntry {
  timestamp: string
  level: LogLevel
  component: string
  message: string
  details: Record<string, unknown>
}

export interface LogsResponse {
  session_id: string | null
  count: number
  entries: LogEntry[]
}

/** One WebSocket event (see DESIGN.md "API contract"). */
export interface ServiceEvent {
  type: 'progress' | 'stage_update' | 'notification' | 'awaiting_input' | 'error' | 'pong'
  message?: string
  stage?: StageName | null
  status?: WorkflowStatus
  timestamp?: string
  metadata?: Record<string, unknown> & {
    snapshot?: StatusResponse
    percent?: number
    /** Whose move it is: processing, or the pending request type the service waits on. */
    next_action?: string
    correction_attempt?: number
  }
}
